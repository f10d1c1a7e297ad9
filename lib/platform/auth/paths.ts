/** Where the e-mail confirmation and password reset links land (spec §2). */
export const EMAIL_CONFIRMATION_PATH = "/email-confirmation";
export const RESET_PASSWORD_PATH = "/auth/reset-password";
export const FORGOT_PASSWORD_PATH = "/auth/forgot-password";
/** Where a change-of-address link lands; Better Auth appends `&error=CODE` when it fails. */
export const EMAIL_CHANGED_CALLBACK = "/account?email=changed";
/** Query value the account page's change-of-address result shows as "this link was already used". */
export const LINK_USED_ERROR = "LINK_USED";
/**
 * Query value of the one answer to a confirmation link that confirms nothing (expired, used,
 * unknown, forged, malformed): the confirmation page says only that the link cannot be used.
 */
export const LINK_UNUSABLE_ERROR = "LINK_UNUSABLE";
