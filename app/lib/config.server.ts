/** Route modules read settings through here, so server-only imports stay behind `.server`. */
export { getConfig } from "../../server/config";
