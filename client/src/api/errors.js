// The one message the platform shows when the server gives no usable message of its own.
export const UNEXPECTED_MESSAGE = "We've encountered an unexpected error at this time. Please try again later.";

/** An error from the API, carrying the server's {message} (or the standard one) and the HTTP status. */
export class ApiError extends Error {
  constructor(message, status = 0, body = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

/** Turn whatever axios threw into an ApiError whose message is fit to show a person. */
export function toApiError(error) {
  if (error instanceof ApiError) return error;
  const response = error?.response;
  if (!response) return new ApiError(UNEXPECTED_MESSAGE, 0, null);
  const body = response.data;
  const message = body && typeof body === "object" && typeof body.message === "string" && body.message.trim()
    ? body.message
    : UNEXPECTED_MESSAGE;
  return new ApiError(message, response.status, body);
}
