/** The featured mentor's static marketing profile: the route's path, and the About page's link to it. */
export const COACH_BIO_PATH = '/profile/dr-amara-okafor';
