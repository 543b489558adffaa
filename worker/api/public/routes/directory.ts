import { z } from "zod";
import { publicQueue } from "../../../contracts/publicApi/resources";
import { listQueues } from "../../../domain/queues/listQueues";
import { presentPublicQueue } from "../../../domain/publicApi/present";
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
];
