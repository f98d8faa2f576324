import { data, type RouterContextProvider } from "react-router";
import { getApiClient, read, requireSession } from "./api.server";

/** The admin check of every admin loader and action: a user gets the 403 page (the API would refuse too). */
export async function requireAdmin(context: Readonly<RouterContextProvider>) {
  requireSession(context);
  const { data: profile } = await read(getApiClient(context).user.profile.$get());
  if (profile.role !== "admin") throw data(null, { status: 403 });
  return profile;
}
