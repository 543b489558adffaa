import type { AppLoadContext } from "@remix-run/cloudflare";
import { embeddedSignupSettings } from "../../../../worker/domain/cloud/embeddedSignup";
import { assertEnv } from "../../../../worker/env";

/** Embedded Signup's public settings for the connections page (null: the deployment does not offer it). */
export const embeddedSignupOf = (context: AppLoadContext) => embeddedSignupSettings(assertEnv(context.cloudflare.env));
