/** Browser-side configuration. The API is served from the same origin as the app. */
export const API_BASE_URL = "/api";

export const APP_NAME = "Nexus";
