import { auditRoutes, supportAccessRoutes } from "./routes/audit";
import { companyExportRoutes } from "./routes/companyExports";
import { queueIntegrationRoutes } from "./routes/queueIntegrations";
import { promptRoutes } from "./routes/prompts";
import { webhookDeliveryRoutes, webhookSubscriptionRoutes } from "./routes/webhookSubscriptions";
import { automationRuleRoutes, automationRunRoutes } from "./routes/automationRules";
import { Hono } from "hono";
import { jsonBodyLimit } from "./middleware/bodyLimit";
import { hubHere } from "../hub/ports";
import { errorAnswer, isMultipart, notFoundAnswer, type AppEnv } from "./http";
import { authRoutes } from "./routes/auth";
import { companyRoutes } from "./routes/companies";
import { invoiceRoutes, subscriptionRoutes } from "./routes/billing";
import { contactRoutes } from "./routes/contacts";
import { kanbanRoutes } from "./routes/kanban";
import { planRoutes } from "./routes/plans";
import { helpRoutes } from "./routes/helps";
import { quickMessageRoutes } from "./routes/quickMessages";
import { macroRoutes, macroRunRoutes } from "./routes/macros";
import { scheduleRoutes } from "./routes/schedules";
import { fileListRoutes } from "./routes/fileLists";
import { contactListItemRoutes, contactListRoutes } from "./routes/contactLists";
import { campaignRoutes, campaignSettingRoutes } from "./routes/campaigns";
import { settingRoutes } from "./routes/settings";
import { tagRoutes, ticketTagRoutes } from "./routes/tags";
import { ticketNoteRoutes } from "./routes/ticketNotes";
import { chatRoutes } from "./routes/chats";
import { notificationRoutes } from "./routes/notifications";
import { announcementRoutes } from "./routes/announcements";
import { ticketRoutes } from "./routes/tickets";
import { whatsappRestartRoutes, whatsappRoutes, whatsappSessionRoutes } from "./routes/whatsapps";
import { queueOptionRoutes, queueRoutes } from "./routes/queues";
import { externalApiRoutes } from "./routes/externalApi";
import { forwardRoutes, messageRoutes } from "./routes/messages";
import { userRoutes } from "./routes/users";
import { wsRoutes } from "./routes/ws";
import { dashboardRoutes, ticketReportRoutes } from "./routes/insight";
import { createPublicApi } from "./public";
import { apiTokenRoutes } from "./routes/apiTokens";
import { pushRoutes } from "./routes/push";
import { importRoutes } from "./routes/imports";
import { sessionHostRoutes } from "./routes/sessionHosts";

/**
 * The one 404 of the API. Hono does not use a sub-app's notFound once it is mounted with `route()`: each app that
 * mounts the API sets this too, or an unknown path answers plain text.
 */

const isImportPath = (path: string) => /\/api\/platform\/imports(\/|$)/.test(path);

/**
 * The REST API, mounted at /api inside each company's hub (the worker's edge forwards authenticated requests to it;
 * edge.ts serves what needs no session). Each resource is a module mounted with `route()`.
 */
export function createApi() {
  // Not strict: the spec's UI calls both /users and /users/.
  const api = new Hono<AppEnv>({ strict: false });

  api.use("*", async (c, next) => {
    c.set("db", hubHere(c.env).db);
    await next();
  });
  // Uploads are limited per route by formBody() (http.ts), before the body is read; JSON routes refuse them.
  // The import API (issue 27) sets its own: 8 MiB batches of rows, media files streamed.
  api.use("*", async (c, next) => (isMultipart(c.req.header("content-type")) || isImportPath(c.req.path) ? next() : jsonBodyLimit(c, next)));

  // The public API (company API tokens, issue 25): its own token middleware, never a session.
  api.route("/v1", createPublicApi());
  api.route("/auth", authRoutes);
  api.route("/ws", wsRoutes);
  api.route("/plans", planRoutes);
  api.route("/helps", helpRoutes);
  api.route("/companies", companyRoutes);
  api.route("/invoices", invoiceRoutes);
  api.route("/subscription", subscriptionRoutes);
  api.route("/users", userRoutes);
  api.route("/push", pushRoutes);
  api.route("/settings", settingRoutes);
  api.route("/tickets", ticketRoutes);
  api.route("/queue", queueRoutes);
  api.route("/queue-options", queueOptionRoutes);
  api.route("/prompt", promptRoutes);
  api.route("/queueIntegration", queueIntegrationRoutes);
  api.route("/whatsapp", whatsappRoutes);
  api.route("/whatsappsession", whatsappSessionRoutes);
  api.route("/whatsapp-restart", whatsappRestartRoutes);
  api.route("/contacts", contactRoutes);
  api.route("/tags", tagRoutes);
  api.route("/ticket-tags", ticketTagRoutes);
  api.route("/ticket", kanbanRoutes);
  api.route("/quick-messages", quickMessageRoutes);
  api.route("/macros", macroRoutes);
  api.route("/tickets", macroRunRoutes);
  api.route("/schedules", scheduleRoutes);
  api.route("/contact-lists", contactListRoutes);
  api.route("/files", fileListRoutes);
  api.route("/contact-list-items", contactListItemRoutes);
  api.route("/campaigns", campaignRoutes);
  api.route("/campaign-settings", campaignSettingRoutes);
  api.route("/ticket-notes", ticketNoteRoutes);
  api.route("/chats", chatRoutes);
  api.route("/notifications", notificationRoutes);
  api.route("/announcements", announcementRoutes);
  // Before messageRoutes: POST /messages/send is the external API, not a ticket id (and takes no user session).
  api.route("/messages", externalApiRoutes);
  api.route("/messages", messageRoutes);
  api.route("/message", forwardRoutes);
  api.route("/dashboard", dashboardRoutes);
  api.route("/ticket", ticketReportRoutes);
  api.route("/api-tokens", apiTokenRoutes);
  api.route("/webhook-subscriptions", webhookSubscriptionRoutes);
  api.route("/webhook-deliveries", webhookDeliveryRoutes);
  api.route("/automation-rules", automationRuleRoutes);
  api.route("/automation-runs", automationRunRoutes);
  api.route("/audit", auditRoutes);
  api.route("/support-accesses", supportAccessRoutes);
  api.route("/platform/imports", importRoutes);
  api.route("/platform/session-hosts", sessionHostRoutes);
  api.route("/company-exports", companyExportRoutes);

  api.notFound(notFoundAnswer);
  api.onError(errorAnswer);
  return api;
}
