import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import i18next from "i18next";
import { createWhatsappInput, pairingCodeInput } from "../../../../worker/contracts/whatsapps";
import { translation as ptBR } from "../../i18n/lang/pt-BR";
import { fieldErrorsFrom, translateSubmission } from "../../lib/form-errors";
import { ApiError } from "../../lib/api-error";
import { CONNECTION_FORM_MESSAGES, connectionFormSchema, LIMITS, NONE, PAIRING_FORM_MESSAGES, toPayload } from "./schema";

const i18n = i18next.createInstance();
void i18n.init({ resources: { "pt-BR": { translation: ptBR } }, lng: "pt-BR", initAsync: false, interpolation: { escapeValue: false } });
const pt = i18n.getFixedT("pt-BR");

const parse = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return parseWithZod(form, { schema: connectionFormSchema() });
};
const errors = (submission: ReturnType<typeof parse>) => ("error" in submission ? submission.error : undefined);

describe("the connection form", () => {
  it("reads the dialog's inputs as the API takes them: the contract's defaults for blanks, none for a select's none", () => {
    const submission = parse([
      ["name", " Loja "],
      ["isDefault", "on"],
      ["queueIds", "7"],
      ["queueIds", "7"],
      ["transferQueueId", NONE],
      ["sendIdQueue", "7"],
      ["timeUseBotQueues", "15"],
      ["greetingMessage", "Olá!"],
    ]);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(toPayload(submission.value)).toEqual({
      name: "Loja",
      isDefault: true,
      queueIds: [7],
      greetingMessage: "Olá!",
      complationMessage: "",
      outOfHoursMessage: "",
      ratingMessage: "",
      transferQueueId: null,
      timeToTransfer: null,
      promptId: null,
      integrationId: null,
      expiresTicket: 0,
      expiresInactiveMessage: "",
      timeUseBotQueues: 15,
      maxUseBotQueues: 3,
      sendIdQueue: 7,
    });
  });

  it("refuses what the API refuses, with the contract's messages, and the page's own rules at once", () => {
    const submission = parse([
      ["name", "L"],
      ["queueIds", "7"],
      ["queueIds", "8"],
      ["transferQueueId", "7"],
      ["maxUseBotQueues", String(LIMITS.menuSends + 1)],
      ["expiresTicket", "-1"],
    ]);
    expect(errors(submission)).toMatchObject({
      name: ["Too Short!"],
      greetingMessage: ["connections.validation.greetingRequired"],
      timeToTransfer: ["connections.validation.transferTimeRequired"],
      maxUseBotQueues: [expect.stringMatching(/^Must be 0 to/)],
      expiresTicket: [expect.stringMatching(/^Must be 0 to/)],
    });
    expect(errors(parse([["timeToTransfer", "5"]]))).toEqual({ name: ["Required"] });
    // The page's rules once the contract's hold (as the API checks them after its parse).
    expect(errors(parse([["name", "Loja"], ["timeToTransfer", "5"]]))).toEqual({ transferQueueId: ["connections.validation.transferQueueRequired"] });
  });

  it("has the contract's limits: each is the last value it takes", () => {
    const shape = createWhatsappInput.shape;
    const cases = [
      [shape.timeToTransfer, LIMITS.minutes],
      [shape.timeUseBotQueues, LIMITS.minutes],
      [shape.maxUseBotQueues, LIMITS.menuSends],
      [shape.expiresTicket, LIMITS.hours],
    ] as const;
    for (const [field, max] of cases) {
      expect(field.safeParse(String(max)).success).toBe(true);
      expect(field.safeParse(String(max + 1)).success).toBe(false);
    }
    expect(shape.greetingMessage.safeParse("a".repeat(LIMITS.message)).success).toBe(true);
    expect(shape.greetingMessage.safeParse("a".repeat(LIMITS.message + 1)).success).toBe(false);
  });
});

describe("the connection form for an official (Cloud API) number", () => {
  const cloudParse = (entries: [string, string][], existing?: Parameters<typeof connectionFormSchema>[0]) => {
    const form = new FormData();
    for (const [name, value] of [["name", "Oficial"], ["channel", "cloud"], ...entries] as [string, string][]) form.append(name, value);
    return parseWithZod(form, { schema: connectionFormSchema(existing) });
  };
  const TOKEN = "EAAG-a-long-enough-token-123";
  const saved = { phoneNumberId: "1000001", wabaId: "2000001", webhookPath: "/webhooks/whatsapp", ownApp: false, error: null };

  it("asks the number's ids and token, and sends them under `cloud` with the channel when it is made", () => {
    expect(errors(cloudParse([]))).toEqual({ phoneNumberId: ["Required"], wabaId: ["Required"], accessToken: ["Required"] });
    expect(errors(cloudParse([["phoneNumberId", "12ab"], ["wabaId", "2000001"], ["accessToken", "short"]]))).toEqual({ phoneNumberId: ["Digits only"], accessToken: ["Too Short!"] });
    const made = cloudParse([["phoneNumberId", "1000001"], ["wabaId", "2000001"], ["accessToken", TOKEN]]);
    expect(made.status === "success" && toPayload(made.value)).toMatchObject({ name: "Oficial", channel: "cloud", cloud: { phoneNumberId: "1000001", wabaId: "2000001", accessToken: TOKEN } });
  });

  it("takes a company's own app only with both its secret and its verify token", () => {
    const base: [string, string][] = [["phoneNumberId", "1000001"], ["wabaId", "2000001"], ["accessToken", TOKEN], ["ownApp", "on"]];
    expect(errors(cloudParse([...base, ["appSecret", "an-app-secret-of-32-chars-000000"]]))).toEqual({ verifyToken: ["Required"] });
    const own = cloudParse([...base, ["appSecret", "an-app-secret-of-32-chars-000000"], ["verifyToken", "my-verify-token"]]);
    expect(own.status === "success" && toPayload(own.value).cloud).toEqual({ phoneNumberId: "1000001", wabaId: "2000001", accessToken: TOKEN, appSecret: "an-app-secret-of-32-chars-000000", verifyToken: "my-verify-token" });
    // Switched off, typed secrets are not sent: the number is on the platform's app.
    const platform = cloudParse([["phoneNumberId", "1000001"], ["wabaId", "2000001"], ["accessToken", TOKEN], ["appSecret", "an-app-secret-of-32-chars-000000"], ["verifyToken", "my-verify-token"]]);
    expect(platform.status === "success" && toPayload(platform.value).cloud).toEqual({ phoneNumberId: "1000001", wabaId: "2000001", accessToken: TOKEN });
  });

  it("on an edit keeps the saved token when none is typed, and asks for it to change the number", () => {
    const kept = cloudParse([["phoneNumberId", "1000001"], ["wabaId", "2000001"]], saved);
    expect(kept.status).toBe("success");
    if (kept.status !== "success") return;
    const payload = toPayload(kept.value, saved);
    expect(payload).not.toHaveProperty("cloud");
    expect(payload).not.toHaveProperty("channel");
    expect(errors(cloudParse([["phoneNumberId", "1000002"], ["wabaId", "2000001"]], saved))).toEqual({ accessToken: ["connections.validation.tokenToChange"] });
    const renewed = cloudParse([["phoneNumberId", "1000001"], ["wabaId", "2000001"], ["accessToken", TOKEN]], saved);
    expect(renewed.status === "success" && toPayload(renewed.value, saved)).toMatchObject({ cloud: { accessToken: TOKEN } });
    expect(renewed.status === "success" && toPayload(renewed.value, saved)).not.toHaveProperty("channel");
  });

  it("shows the API's refusals of the credentials under their inputs", () => {
    const fields = ["phoneNumberId", "accessToken", "name"];
    const aliases = { "cloud.phoneNumberId": "phoneNumberId", "cloud.accessToken": "accessToken" };
    const taken = new ApiError(409, "ERR_DUPLICATED_WHATSAPP", "taken", {}, { error: "ERR_DUPLICATED_WHATSAPP", field: "cloud.phoneNumberId" });
    expect(fieldErrorsFrom(taken, pt, fields, { ERR_DUPLICATED_WHATSAPP: "name" }, aliases)).toEqual({ phoneNumberId: [expect.any(String)] });
    const nameTaken = new ApiError(409, "ERR_DUPLICATED_WHATSAPP", "taken", {}, { error: "ERR_DUPLICATED_WHATSAPP" });
    expect(fieldErrorsFrom(nameTaken, pt, fields, { ERR_DUPLICATED_WHATSAPP: "name" }, aliases)).toEqual({ name: [expect.any(String)] });
    const refused = new ApiError(400, "ERR_WAPP_CLOUD_CREDENTIALS", "no", {}, { error: "ERR_WAPP_CLOUD_CREDENTIALS" });
    expect(fieldErrorsFrom(refused, pt, fields, { ERR_WAPP_CLOUD_CREDENTIALS: "accessToken" }, aliases)).toEqual({ accessToken: ["A API Cloud não aceitou este ID do número e token."] });
  });
});

describe("the form's words", () => {
  it("tells a number out of its range with the range, from the page's check or the server's answer", () => {
    const form = new FormData();
    form.set("name", "Loja");
    form.set("maxUseBotQueues", "101");
    const submission = translateSubmission(parseWithZod(form, { schema: connectionFormSchema() }), pt, (field) => CONNECTION_FORM_MESSAGES[field]);
    expect(errors(submission)).toEqual({ maxUseBotQueues: ["Use um número inteiro de 0 a 100"] });
    const answer = new ApiError(400, "ERR_VALIDATION", "Invalid fields", { expiresTicket: "Must be 0 to 8760 hours" });
    expect(fieldErrorsFrom(answer, pt, ["expiresTicket"], {}, {}, (field) => CONNECTION_FORM_MESSAGES[field])).toEqual({ expiresTicket: ["Use um número inteiro de 0 a 8760"] });
  });

  it("asks a pairing code for a number of 10 to 15 digits, any formatting, and says what to type otherwise", () => {
    const pair = (number: string | null) => {
      const form = new FormData();
      if (number !== null) form.set("number", number);
      return translateSubmission(parseWithZod(form, { schema: pairingCodeInput }), pt, (field) => PAIRING_FORM_MESSAGES[field]);
    };
    const right = pair("+55 (11) 99999-8888");
    expect(right.status === "success" && right.value.number).toBe("5511999998888");
    for (const wrong of [null, "abc", "11 9999", "1234567890123456"]) {
      expect(errors(pair(wrong) as ReturnType<typeof parse>)).toEqual({ number: ["Informe código do país, DDD e número."] });
    }
  });
});
