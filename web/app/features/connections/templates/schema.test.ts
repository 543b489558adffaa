import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { createTemplateInput, fillTemplateText } from "../../../../../worker/contracts/whatsappTemplates";
import { templateFormSchema, toTemplateInput } from "./schema";

const parse = (entries: [string, string | File][]) => {
  const form = new FormData();
  for (const [name, value] of [["name", "pedido_enviado"], ["language", "pt_BR"], ["category", "UTILITY"], ...entries] as [string, string | File][]) form.append(name, value);
  return parseWithZod(form, { schema: templateFormSchema("pt-BR") });
};
const errors = (submission: ReturnType<typeof parse>) => ("error" in submission ? submission.error : undefined);

describe("the new template form", () => {
  it("sends the parts the API takes, which the API's own contract accepts", () => {
    const submission = parse([
      ["headerKind", "TEXT"],
      ["header", "Seu pedido"],
      ["body", "Olá {{1}}, o pedido {{2}} saiu."],
      ["examples[0]", "Maria"],
      ["examples[1]", "4521"],
      ["footer", "Loja Demo"],
      ["buttons[0].type", "QUICK_REPLY"],
      ["buttons[0].text", "Falar com atendente"],
      ["buttons[1].type", "URL"],
      ["buttons[1].text", "Rastrear"],
      ["buttons[1].url", "https://loja.example/rastreio"],
    ]);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const input = toTemplateInput(submission.value);
    expect(input).toEqual({
      name: "pedido_enviado",
      language: "pt_BR",
      category: "UTILITY",
      header: "Seu pedido",
      body: "Olá {{1}}, o pedido {{2}} saiu.",
      examples: ["Maria", "4521"],
      footer: "Loja Demo",
      buttons: [
        { type: "QUICK_REPLY", text: "Falar com atendente" },
        { type: "URL", text: "Rastrear", url: "https://loja.example/rastreio" },
      ],
    });
    expect(createTemplateInput.safeParse(input).success).toBe(true);
  });

  it("asks one example per variable, variables in order, and Meta's name rule", () => {
    expect(errors(parse([["name", "Pedido Enviado"], ["body", "Olá {{1}}"]]))).toMatchObject({ name: [expect.any(String)] });
    expect(errors(parse([["body", "Olá {{1}} e {{2}}"], ["examples[0]", "Maria"]]))).toMatchObject({ examples: ["One example per variable (2)"] });
    expect(errors(parse([["body", "Olá {{2}}"], ["examples[0]", "Maria"]]))).toMatchObject({ body: ["Variables must be {{1}}, {{2}}… in order"] });
    expect(errors(parse([["body", "Olá"], ["headerKind", "TEXT"]]))).toEqual({ header: ["Required"] });
    expect(errors(parse([["body", "Olá"], ["buttons[0].type", "URL"], ["buttons[0].text", "Site"], ["buttons[0].url", "não é url"]]))).toMatchObject({ "buttons[0].url": ["Must be a URL"] });
  });

  it("takes a media header's example file of the kind's types, and names it by the handle Meta answered", () => {
    const png = new File([new Uint8Array([1, 2, 3])], "oferta.png", { type: "image/png" });
    expect(errors(parse([["body", "Oferta"], ["headerKind", "IMAGE"]]))).toEqual({ headerFile: ["connections.templates.dialog.fileRequired"] });
    expect(errors(parse([["body", "Oferta"], ["headerKind", "VIDEO"], ["headerFile", png]]))).toEqual({ headerFile: [expect.stringMatching(/^connections\.templates\.dialog\.fileType .*MP4/)] });
    const image = parse([["body", "Oferta"], ["headerKind", "IMAGE"], ["headerFile", png], ["header", "left from the text kind"]]);
    expect(image.status).toBe("success");
    if (image.status !== "success") return;
    const input = toTemplateInput(image.value, "4::handle");
    expect(input).toMatchObject({ headerMedia: { format: "IMAGE", handle: "4::handle" } });
    expect(input).not.toHaveProperty("header");
    expect(input).not.toHaveProperty("headerFile");
    expect(createTemplateInput.safeParse(input).success).toBe(true);
  });

  it("previews the body as the customer reads it: the examples in place, a missing one left as {{n}}", () => {
    expect(fillTemplateText("Olá {{1}}, pedido {{2}}", ["Maria", " "])).toBe("Olá Maria, pedido {{2}}");
  });
});
