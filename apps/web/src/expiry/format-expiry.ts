const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "12 Dec 2026", for "Expires …" on an inbox card. */
export const formatExpiryDay = (expiryDate: string) => dayFormat.format(new Date(expiryDate));
