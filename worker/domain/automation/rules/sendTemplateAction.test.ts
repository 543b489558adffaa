import { describe, expect, it } from "vitest";
import { addRule, runsOf, settled } from "../../../testing/automationRules";
import { approvedTemplate, connectCloud, ingest, messagesOf, useCloudFakes } from "../../../testing/cloud";
import { companyWithTeam } from "../../../testing/fixtures";

const cloud = useCloudFakes();

describe("a rule's sendTemplate action", () => {
  it("says an approved template of the ticket's Cloud API connection, its values filled with the contact's variables", async () => {
    const team = await companyWithTeam();
    const company = team.company.id;
    const { number, res } = await connectCloud(team);
    const templateId = await approvedTemplate(team, res.json.id as number, "Olá {{1}}, recebemos sua mensagem.", ["Ana"]);
    const rule = await addRule(company, { trigger: "messageReceived", actions: [{ type: "sendTemplate", templateId, params: ["{nome}"] }] });

    const { hook } = await cloud.graph.customerWrites(number.phoneNumberId, { waId: "5511987600001", name: "Beatriz" }, { type: "text", text: { body: "Oi" } });
    await ingest(hook);
    await settled(company);

    const [run] = await runsOf(company, rule.id);
    expect(run).toMatchObject({ outcome: "acted", detail: [{ code: "action.sendTemplate" }] });
    const said = (await messagesOf(company)).filter((m) => m.fromMe);
    expect(said).toMatchObject([{ mediaType: "template", body: "Olá Beatriz, recebemos sua mensagem." }]);
  });
});
