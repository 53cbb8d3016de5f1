import { lazy, Suspense, useEffect, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useAtomValue } from 'jotai';
import { Redirect, useLocation, useRouter, useSearch } from 'wouter';
import { useLoadingBar } from '@vocal/ui-kit';
import { ROUTE_ERRORS } from '@vocal/settings-model';
import { usePageTitle } from '../components/use-page-title.ts';
import { BasicLayout } from '../layouts/basic-layout.tsx';
import { DashboardLayout } from '../layouts/dashboard-layout.tsx';
import { DefaultLayout } from '../layouts/default-layout.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { sessionStatusAtom } from '../session/session-state.ts';
import { findRoute } from './find-route.ts';
import { RouteParamsContext } from './route-params.ts';
import { errorTitle, pageTitleFor } from './page-title.ts';
import { ROUTES, type LayoutName, type RouteDefinition } from './route-table.ts';

const pages = new Map<RouteDefinition, LazyExoticComponent<ComponentType>>(ROUTES.map((route) => [route, lazy(route.page)]));

const LAYOUTS: Record<LayoutName, ComponentType<{ children: React.ReactNode }>> = {
  basic: BasicLayout,
  dashboard: DashboardLayout,
  default: DefaultLayout,
  none: ({ children }) => children,
};

/** Starts the top loading bar while a page's code loads, and finishes it once it is there. */
function PageLoading() {
  const bar = useLoadingBar();
  useEffect(() => {
    bar.start();
    return () => bar.finish();
  }, [bar]);
  return null;
}

function RouteTitle({ path, route }: { path: string; route: RouteDefinition }) {
  usePageTitle(pageTitleFor(path, route.title));
  return null;
}

/**
 * Renders the page of the route table that matches the location, in its layout; sends
 * signed-out people from private pages to /login and back; 404s for the rest.
 */
export function AppRoutes() {
  const [location] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();
  const status = useAtomValue(sessionStatusAtom);
  const match = useMemo(() => findRoute(location, parser), [location, parser]);

  if (match.kind !== 'page') {
    const message = match.kind === 'invalid-params' ? ROUTE_ERRORS.validation.message : ROUTE_ERRORS.missing.message;
    return (
      <BasicLayout>
        <NotFoundPage title={errorTitle(404, message)} message={message} />
      </BasicLayout>
    );
  }

  const { route } = match;
  if (route.requiresAuth) {
    if (status === 'not-ready') return null;
    if (status === 'ready') {
      const back = `${location}${search ? `?${search}` : ''}`;
      return <Redirect to={`/login?redirect=${encodeURIComponent(back)}`} replace />;
    }
  }

  const Layout = LAYOUTS[route.layout];
  const Page = pages.get(route)!;
  return (
    <Layout>
      <RouteTitle path={location} route={route} />
      <RouteParamsContext.Provider value={match.params}>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </RouteParamsContext.Provider>
    </Layout>
  );
}
