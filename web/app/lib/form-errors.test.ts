import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseWithZod } from "@conform-to/zod/v4";
import { createTagInput } from "../../../worker/contracts/tags";
import { PASSWORD_RULE_MESSAGE } from "../../../worker/contracts/passwordRule";
import { passwordField } from "../../../worker/contracts/users";
import { TAG_FORM_MESSAGES } from "../features/tags/schema";
import { translation as en } from "../i18n/lang/en";
import { translation as es } from "../i18n/lang/es";
import { translation as ptBR } from "../i18n/lang/pt-BR";
import { ApiError } from "./api-error";
import { fieldErrorsFrom, fieldMessage, messageWith, translateSubmission } from "./form-errors";

const i18n = i18next.createInstance();
void i18n.init({ resources: { "pt-BR": { translation: ptBR }, en: { translation: en }, es: { translation: es } }, lng: "pt-BR", fallbackLng: "pt-BR", initAsync: false, interpolation: { escapeValue: false } });
const pt = i18n.getFixedT("pt-BR");

describe("the one map of field messages", () => {
  it("shows each message of the contracts' vocabulary in the user's language", () => {
    expect(fieldMessage("Required", pt)).toBe("Obrigatório");
    expect(fieldMessage("Too Short!", i18n.getFixedT("en"))).toBe(en.validation.tooShort);
    expect(fieldMessage("Too Long!", i18n.getFixedT("es"))).toBe(es.validation.tooLong);
    expect(fieldMessage("Too Long! (max 4096)", pt)).toBe(ptBR.validation.tooLong);
    expect(fieldMessage("Invalid email", pt)).toBe(ptBR.validation.invalidEmail);
  });

  it("shows a form's own text where its spec gives one, a page rule's key translated, and anything else as invalid", () => {
    expect(fieldMessage("Too Short!", pt, TAG_FORM_MESSAGES.name)).toBe("Mensagem muito curta");
    expect(fieldMessage("tags.validation.color", pt)).toBe(ptBR.tags.validation.color);
    expect(fieldMessage("Must be a colour like #A4CCCC", pt)).toBe(ptBR.validation.invalid);
  });

  it("shows a form's own text for the server's messages outside the vocabulary on a field", () => {
    expect(fieldMessage("Must be in the future", pt, { other: "schedules.dialog.past" })).toBe(ptBR.schedules.dialog.past);
    expect(fieldMessage("Required", pt, { other: "schedules.dialog.past" })).toBe("Obrigatório");
  });

  it("fills a page rule's text with the values its check gave", () => {
    expect(fieldMessage(messageWith("quickMessages.dialog.tooLarge", { size: "16 MB" }), pt)).toBe("O arquivo tem mais de 16 MB.");
    expect(fieldMessage(messageWith("quickMessages.dialog.tooLarge", { size: "16 MB" }), i18n.getFixedT("en"))).toBe("The file is larger than 16 MB.");
  });

  it("translates a client check of the server's own contract, as the server's answer to the same value", () => {
    const form = new FormData();
    form.set("name", "ab");
    const submission = translateSubmission(parseWithZod(form, { schema: createTagInput.pick({ name: true }) }), pt, () => TAG_FORM_MESSAGES.name);
    expect(submission.status).toBe("error");
    expect("error" in submission && submission.error?.name).toEqual(["Mensagem muito curta"]);

    const answer = new ApiError(400, "ERR_VALIDATION", "Invalid fields: name", { name: "Too Short!" });
    expect(fieldErrorsFrom(answer, pt, ["name"], {}, {}, () => TAG_FORM_MESSAGES.name)).toEqual({ name: ["Mensagem muito curta"] });
  });

  it("shows a field's own text for the contract's other messages of it, and the hours' messages in the user's language", () => {
    expect(fieldMessage("Must be 0 or more", pt, { other: "queues.validation.order" })).toBe(ptBR.queues.validation.order);
    expect(fieldMessage("Too Long!", pt, { other: "queues.validation.order" })).toBe(ptBR.validation.tooLong);
    expect(fieldMessage("Must be a time HH:MM", i18n.getFixedT("en"))).toBe(en.validation.invalidTime);
    expect(fieldMessage("Give both times or neither", pt)).toBe(ptBR.validation.bothTimes);
  });

  it("shows the contract's password rule in the user's language, from the page's check or the server's answer", () => {
    const form = new FormData();
    form.set("password", "short");
    const submission = translateSubmission(parseWithZod(form, { schema: z.object({ password: passwordField }) }), pt);
    expect("error" in submission && submission.error?.password).toEqual([ptBR.validation.passwordRule]);
    const answer = new ApiError(400, "ERR_VALIDATION", "Invalid fields: password", { password: PASSWORD_RULE_MESSAGE });
    expect(fieldErrorsFrom(answer, i18n.getFixedT("es"), ["password"])).toEqual({ password: [es.validation.passwordRule] });
  });

  it("shows an error whose answer names its field under that field, in the user's language, and others nowhere", () => {
    const gone = new ApiError(404, "ERR_NO_QUEUE_FOUND", "No queue found", {}, { error: "ERR_NO_QUEUE_FOUND", field: "transferQueueId" });
    expect(fieldErrorsFrom(gone, pt, ["transferQueueId"])).toEqual({ transferQueueId: [pt("errors.ERR_NO_QUEUE_FOUND")] });
    expect(fieldErrorsFrom(gone, pt, ["name"])).toBeNull();
  });

  it("reads an absent value as required", () => {
    const submission = translateSubmission(parseWithZod(new FormData(), { schema: z.object({ name: createTagInput.shape.name }) }), pt);
    expect("error" in submission && submission.error?.name).toEqual(["Obrigatório"]);
  });
});
