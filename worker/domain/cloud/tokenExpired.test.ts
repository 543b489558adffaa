import { describe, expect, it } from "vitest";
import { agentSends, cloudConversation, graph, messagesOf, useFakeGraph } from "../../testing/cloud";
import { call, companyWithTeam } from "../../testing/fixtures";

useFakeGraph();

type Item = { kind: string; reason?: string; whatsapp?: { id: number; name: string } };
const connectionItems = async (token: string) => {
  const res = await call("GET", "/api/notifications", { token });
  expect(res.status).toBe(200);
  return { items: (res.json.records as Item[]).filter((r) => r.kind === "connection"), count: res.json.count as number };
};

describe("a Cloud API token Meta no longer takes (190)", () => {
  it("tells the company's admins once, however many messages it refuses, until the connection works again", async () => {
    const conversation = await cloudConversation();
    const { team, number, ticketId, connectionId } = conversation;
    const other = await companyWithTeam();
    graph.numbers.set(number.phoneNumberId, { ...number, accessToken: "rotated-token-0000000000" });
    const first = await agentSends(team, ticketId, "Primeira");
    const second = await agentSends(team, ticketId, "Segunda");
    for (const id of [first, second]) expect((await messagesOf(team.company.id)).find((m) => m.id === id)).toMatchObject({ sendError: "ERR_WAPP_TOKEN_EXPIRED" });

    const admin = await connectionItems(team.admin.token);
    expect(admin.items).toEqual([{ kind: "connection", reason: "tokenExpired", at: expect.any(String), whatsapp: { id: connectionId, name: expect.any(String) } }]);
    expect(admin.count).toBeGreaterThanOrEqual(1);
    // Agents are not the ones who can fix it; another company hears nothing.
    expect((await connectionItems(team.agent.token)).items).toEqual([]);
    expect((await connectionItems(team.supervisor.token)).items).toEqual([]);
    expect((await connectionItems(other.admin.token)).items).toEqual([]);

    // Meta takes the token again (the admin fixed it at Meta's side) and the admin tries again: the notice goes.
    graph.numbers.set(number.phoneNumberId, number);
    const again = await call("PUT", `/api/whatsappsession/${connectionId}`, { token: team.admin.token });
    expect(again.status).toBe(200);
    expect((await connectionItems(team.admin.token)).items).toEqual([]);
  });
});
