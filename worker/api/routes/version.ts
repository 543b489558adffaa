import { Hono } from "hono";
import pkg from "../../../package.json";
import type { AppEnv } from "../http";

export const APP_VERSION = pkg.version;

export const versionRoutes = new Hono<AppEnv>().get("/", (c) => c.json({ version: APP_VERSION }));
