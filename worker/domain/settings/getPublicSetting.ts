import type { Db } from "../../db/client";
import type { publicPlatformKeys } from "./catalogue";
import { platformSettingValues } from "./listSettings";

/** GET /settings/allowregister, /viewregister, /trial: read by the login and signup pages, no authentication. */
export async function getPublicSetting({ db, input }: { db: Db; input: { key: (typeof publicPlatformKeys)[number] } }) {
  const [setting] = await platformSettingValues(db, [input.key]);
  return setting!;
}
