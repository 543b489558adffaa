import { describe, expect, it } from "vitest";
import { cloudConversation, graph, messagesOf, useFakeGraph } from "../../testing/cloud";
import { call, companyWithTeam, createUser, loginAs } from "../../testing/fixtures";

useFakeGraph();

/** A conversation on a cloud number whose business account has one approved template, synced. */
async function withApprovedTemplate() {
  const conversation = await cloudConversation();
  const { team, number, connectionId } = conversation;
  const metaId = String(900_000 + Math.floor(Math.random() * 99_999));
  graph.templates.set(metaId, { id: metaId, name: "retorno", language: "pt_BR", category: "UTILITY", status: "APPROVED", components: [{ type: "BODY", text: "Olá {{1}}" }], wabaId: number.wabaId });
  const synced = await call("POST", `/api/whatsapp/${connectionId}/templates/sync`, { token: team.admin.token });
  expect(synced.status).toBe(200);
  return { ...conversation, templateId: synced.json[0].id as number };
}

describe("POST /api/messages/:ticketId/template", () => {
  it("is 404 for another company's user, who learns nothing and stores nothing", async () => {
    const { team, ticketId, templateId } = await withApprovedTemplate();
    const other = await companyWithTeam();
    const before = await messagesOf(team.company.id);
    const res = await call("POST", `/api/messages/${ticketId}/template`, { token: other.admin.token, body: { templateId, params: ["Maria"] } });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("ERR_NO_TICKET_FOUND");
    expect(await messagesOf(team.company.id)).toEqual(before);
    expect(await messagesOf(other.company.id)).toEqual([]);
  });

  it("is 403 for an agent of the user profile whose ticket it is not, whatever the body", async () => {
    const { team, ticketId, templateId } = await withApprovedTemplate();
    const colleague = await createUser(team.company.id, { profile: "user" });
    const token = await loginAs(colleague.email);
    const before = await messagesOf(team.company.id);
    const valid = await call("POST", `/api/messages/${ticketId}/template`, { token, body: { templateId, params: ["Maria"] } });
    expect(valid.status).toBe(403);
    expect(valid.json.error).toBe("ERR_NO_PERMISSION");
    const invalid = await call("POST", `/api/messages/${ticketId}/template`, { token, body: { templateId: "x" } });
    expect(invalid.status).toBe(403);
    expect(await messagesOf(team.company.id)).toEqual(before);
  });
});
