import * as z from './schemas/zod';

/**
 * How a user or admin route refuses a caller (docs/decisions/0140). API Gateway's JWT authorizer runs before the
 * function, in AWS and locally alike (the local gateway plays it): no token, or one that is expired, forged, of another
 * pool or of another app client, is answered by API Gateway itself with 401 and exactly this body, not the shop's
 * error format. A token the authorizer lets through that is no access token (an ID token of the web client) is refused
 * by the function, with 401 in the shop's error format and the same words the web client shows for either.
 */
export const GATEWAY_UNAUTHORIZED = { message: 'Unauthorized' } as const;
/** API Gateway's own 401 body, as the API document declares it and the web client reads it. */
export const gatewayUnauthorizedSchema = z.object({ message: z.literal(GATEWAY_UNAUTHORIZED.message) });

/** What a shopper is told when the server refuses their session's token (the function's 401, the web client's). */
export const SESSION_NOT_VALID_MESSAGE = 'Your session is not valid. Sign in again.';
