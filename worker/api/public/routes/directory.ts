import { z } from "zod";
import { publicConnection, publicQueue, publicUser } from "../../../contracts/publicApi/resources";
import { listQueues } from "../../../domain/queues/listQueues";
import { presentPublicConnection, presentPublicQueue, presentPublicUser } from "../../../domain/publicApi/present";
import { listUsersWithQueues } from "../../../domain/users/listUsersWithQueues";
import { listConnections } from "../../../domain/whatsapps/listConnections";
import { publicRoute } from "../publicRoute";

/** The company's directory an integration needs to act: its queues, users and connections (`company:read`). */
export const directoryRoutes = [
  publicRoute(
    {
      method: "get",
      path: "/queues",
      operationId: "listQueues",
      summary: "List the company's queues",
      tag: "Directory",
      scope: "company:read",
      response: { status: 200, schema: z.strictObject({ items: z.array(publicQueue) }), example: { items: [{ id: 9000000001, name: "Vendas", color: "#22c55e" }] } },
      errors: [],
    },
    async ({ ctx }) => ({ items: (await listQueues({ ctx })).map(presentPublicQueue) }),
  ),
  publicRoute(
    {
      method: "get",
      path: "/users",
      operationId: "listUsers",
      summary: "List the company's users",
      description: "Every user (agent, supervisor, admin) with the queues they serve, by name: the ids to accept or transfer a ticket to.",
      tag: "Directory",
      scope: "company:read",
      response: {
        status: 200,
        schema: z.strictObject({ items: z.array(publicUser) }),
        example: { items: [{ id: 9000000002, name: "Ana Lima", email: "ana@example.com", profile: "user", online: true, queueIds: [9000000001] }] },
      },
      errors: [],
    },
    async ({ ctx }) => ({ items: (await listUsersWithQueues({ ctx })).map(presentPublicUser) }),
  ),
  publicRoute(
    {
      method: "get",
      path: "/connections",
      operationId: "listConnections",
      summary: "List the company's WhatsApp connections",
      description: "Each connection with its channel and status, by name.",
      tag: "Directory",
      scope: "company:read",
      response: {
        status: 200,
        schema: z.strictObject({ items: z.array(publicConnection) }),
        example: { items: [{ id: 9000000003, name: "Atendimento", channel: "baileys", status: "CONNECTED", number: "5511988887777", isDefault: true }] },
      },
      errors: [],
    },
    async ({ ctx }) => ({ items: (await listConnections({ ctx })).map(presentPublicConnection) }),
  ),
];
