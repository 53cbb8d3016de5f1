/**
 * Origins whose pages call our API because a host serves our app's files itself: Zoho Mail
 * extensions run from the package Zoho hosts, each extension on its own subdomain of Zoho's
 * user-content domain (zappsusercontent.com, one per data centre), so the widget's calls come
 * from there (docs/decisions/0050). Tokens travel in the Authorization header, never in
 * cookies, so letting these origins call the API lends them nothing a page does not hold.
 */
export const HOSTED_WIDGET_ORIGINS: readonly RegExp[] = [
  /^https:\/\/[a-z0-9-]+\.zappsusercontent\.(com|eu|in|com\.au|jp|ca|sa|uk|com\.cn)$/,
];
