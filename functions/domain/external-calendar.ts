export const EXTERNAL_CALENDAR_HOST = 'https://calendly.com';
export const INVALID_CALENDAR_URL_MESSAGE = 'Invalid Calendly URL';

/** Spec section 5: the host, a slash, then a username of letters, digits, underscore, dot or hyphen. */
const embedUrl = /^https:\/\/calendly\.com\/[A-Za-z0-9_.-]+(?:[/?#].*)?$/;

export const isExternalCalendarUrl = (url: string): boolean => embedUrl.test(url);
