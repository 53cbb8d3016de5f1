import { createContext, useContext } from 'react';

/** The matched route's path parameters, already checked against the route's schema. */
export const RouteParamsContext = createContext<Record<string, string | undefined>>({});

export function useRouteParam(name: string): string {
  const value = useContext(RouteParamsContext)[name];
  if (value === undefined) throw new Error(`The route has no parameter "${name}"`);
  return value;
}
