import { useInputControl } from "@conform-to/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { PROMPT_DEFAULTS } from "../../../../worker/contracts/prompts";
import { PROMPT_VOICES } from "../../../../worker/contracts/promptVoices";
import { SwitchInput } from "../../components/form/SwitchInput";
import { useContractForm } from "../../components/form/useContractForm";
import { DialogForm } from "../../components/form/DialogForm";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { describedBy, Field, Input, PasswordInput, textareaClasses } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { toast } from "../../lib/toast";
import { createPrompt, updatePrompt } from "./api";
import { PROMPT_FORM_MESSAGES, promptFormSchema } from "./schema";
import type { PromptPayload, PromptRow } from "./types";
import "./texts";

const FORM_FIELDS = ["name", "apiKey", "prompt", "queueId", "voice", "voiceKey", "voiceRegion", "temperature", "maxTokens", "maxMessages", "model", "baseUrl"];

export interface PromptDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The prompt being edited; absent to add one. */
  prompt?: PromptRow | null;
  queues: { id: number; name: string }[];
  onSaved: (prompt: PromptRow) => void;
}

export function PromptDialog({ open, onOpenChange, prompt, queues, onSaved }: PromptDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={prompt ? t("prompts.dialog.editTitle") : t("prompts.dialog.addTitle")} size="lg" modalLock>
        <PromptForm prompt={prompt ?? null} queues={queues} onSaved={onSaved} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PromptForm({ prompt, queues, onSaved, onClose }: { prompt: PromptRow | null; queues: { id: number; name: string }[]; onSaved: (p: PromptRow) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const editing = !!prompt;
  const schema = useMemo(() => promptFormSchema(editing), [editing]);

  const { form, fields, saving } = useContractForm({
    id: `prompt-form-${prompt?.id ?? "new"}`,
    schema,
    defaultValue: {
      name: prompt?.name ?? "",
      prompt: prompt?.prompt ?? "",
      temperature: String(prompt?.temperature ?? PROMPT_DEFAULTS.temperature),
      maxTokens: String(prompt?.maxTokens ?? PROMPT_DEFAULTS.maxTokens),
      maxMessages: String(prompt?.maxMessages ?? PROMPT_DEFAULTS.maxMessages),
      voiceRegion: prompt?.voiceRegion ?? "",
      model: prompt?.model ?? PROMPT_DEFAULTS.model,
      baseUrl: prompt?.baseUrl ?? "",
      queueId: prompt?.queueId ? String(prompt.queueId) : "",
      voice: prompt?.voice ?? PROMPT_DEFAULTS.voice,
    },
    fields: FORM_FIELDS,
    codeFields: { ERR_DUPLICATED_PROMPT: "name" },
    messages: PROMPT_FORM_MESSAGES,
    async save(v) {
      const payload: PromptPayload = {
        name: v.name,
        prompt: v.prompt,
        queueId: v.queueId,
        voice: v.voice,
        voiceRegion: v.voiceRegion,
        temperature: v.temperature,
        maxTokens: v.maxTokens,
        maxMessages: v.maxMessages,
        model: v.model,
        baseUrl: v.baseUrl,
      };
      // Keys are write-only: sent only when typed (or, for the voice key, when removed).
      if (v.apiKey) payload.apiKey = v.apiKey;
      if (v.voiceKey) payload.voiceKey = v.voiceKey;
      else if (v.removeVoiceKey) payload.voiceKey = "";
      const saved = prompt ? await updatePrompt(prompt.id, payload) : await createPrompt(payload);
      toast.success(t("prompts.saved"));
      onSaved(saved);
      onClose();
    },
  });

  // The queue's id is coerced to a number by the schema; as a control it is the select's text.
  const queueId = useInputControl({ name: fields.queueId.name, formId: form.id, initialValue: prompt?.queueId ? String(prompt.queueId) : undefined });
  const voice = useInputControl(fields.voice);
  const removeVoiceKey = fields.removeVoiceKey.value === "on";
  const err = (name: keyof typeof fields) => fields[name].errors?.[0];
  const voiceOptions = PROMPT_VOICES.map((value) => ({ value, label: value === "texto" ? t("prompts.dialog.voiceText") : value }));
  const numberField = (name: "temperature" | "maxTokens" | "maxMessages", label: string, step: string) => (
    <Field id={fields[name].id} label={label} error={err(name)}>
      <Input
        id={fields[name].id}
        name={fields[name].name}
        key={fields[name].key}
        defaultValue={fields[name].initialValue as string | undefined}
        type="number"
        inputMode="decimal"
        step={step}
        invalid={!!err(name)}
        aria-describedby={describedBy(fields[name].id, err(name))}
      />
    </Field>
  );

  return (
    // "Salvar" when adding too, as the spec's prompt dialog says.
    <DialogForm form={form} saving={saving} editing onCancel={onClose} className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.name.id} label={t("prompts.dialog.name")} error={err("name")} className="sm:col-span-2">
          <Input
            id={fields.name.id}
            name={fields.name.name}
            key={fields.name.key}
            defaultValue={fields.name.initialValue}
            autoComplete="off"
            autoFocus
            invalid={!!err("name")}
            aria-describedby={describedBy(fields.name.id, err("name"))}
          />
        </Field>
        <Field
          id={fields.apiKey.id}
          label={t("prompts.dialog.apiKey")}
          error={err("apiKey")}
          hint={prompt ? t("prompts.dialog.apiKeyKeep", { masked: prompt.apiKey }) : undefined}
          className="sm:col-span-2"
        >
          <PasswordInput
            id={fields.apiKey.id}
            name={fields.apiKey.name}
            key={fields.apiKey.key}
            autoComplete="off"
            placeholder={prompt?.apiKey}
            invalid={!!err("apiKey")}
            aria-describedby={describedBy(fields.apiKey.id, err("apiKey"), prompt ? "hint" : undefined)}
          />
        </Field>
        <Field id={fields.prompt.id} label={t("prompts.dialog.prompt")} error={err("prompt")} hint={t("prompts.dialog.promptHint")} className="sm:col-span-2">
          <textarea
            id={fields.prompt.id}
            name={fields.prompt.name}
            key={fields.prompt.key}
            defaultValue={fields.prompt.initialValue}
            rows={10}
            className={textareaClasses}
            aria-invalid={!!err("prompt") || undefined}
            aria-describedby={describedBy(fields.prompt.id, err("prompt"), "hint")}
          />
        </Field>
        <Field id={fields.queueId.id} label={t("prompts.dialog.queue")} error={err("queueId")}>
          <Select
            id={fields.queueId.id}
            value={typeof queueId.value === "string" && queueId.value ? queueId.value : undefined}
            onValueChange={queueId.change}
            placeholder={t("prompts.dialog.queuePlaceholder")}
            options={queues.map((q) => ({ value: String(q.id), label: q.name }))}
            invalid={!!err("queueId")}
            aria-describedby={describedBy(fields.queueId.id, err("queueId"))}
          />
        </Field>
        <Field id={fields.voice.id} label={t("prompts.dialog.voice")} error={err("voice")}>
          <Select id={fields.voice.id} value={voice.value || undefined} onValueChange={voice.change} options={voiceOptions} />
        </Field>
        {voice.value !== "texto" ? (
          <>
            <Field
              id={fields.voiceKey.id}
              label={t("prompts.dialog.voiceKey")}
              error={err("voiceKey")}
              hint={prompt?.voiceKey && !removeVoiceKey ? t("prompts.dialog.voiceKeyKeep") : undefined}
            >
              <PasswordInput id={fields.voiceKey.id} name={fields.voiceKey.name} key={fields.voiceKey.key} autoComplete="off" placeholder={prompt?.voiceKey || undefined} />
            </Field>
            <Field id={fields.voiceRegion.id} label={t("prompts.dialog.voiceRegion")} error={err("voiceRegion")}>
              <Input id={fields.voiceRegion.id} name={fields.voiceRegion.name} key={fields.voiceRegion.key} defaultValue={fields.voiceRegion.initialValue} autoComplete="off" placeholder="brazilsouth" />
            </Field>
            {prompt?.voiceKey ? (
              <label className="flex items-center gap-2 text-sm sm:col-span-2">
                <SwitchInput meta={fields.removeVoiceKey} aria-label={t("prompts.dialog.voiceKeyRemove")} />
                {t("prompts.dialog.voiceKeyRemove")}
              </label>
            ) : null}
          </>
        ) : null}
        {numberField("temperature", t("prompts.dialog.temperature"), "0.1")}
        {numberField("maxTokens", t("prompts.dialog.maxTokens"), "1")}
        {numberField("maxMessages", t("prompts.dialog.maxMessages"), "1")}
        <Field id={fields.model.id} label={t("prompts.dialog.model")} error={err("model")}>
          <Input id={fields.model.id} name={fields.model.name} key={fields.model.key} defaultValue={fields.model.initialValue} autoComplete="off" invalid={!!err("model")} />
        </Field>
        <Field id={fields.baseUrl.id} label={t("prompts.dialog.baseUrl")} error={err("baseUrl")} hint={t("prompts.dialog.baseUrlHint")} className="sm:col-span-2">
          <Input
            id={fields.baseUrl.id}
            name={fields.baseUrl.name}
            key={fields.baseUrl.key}
            defaultValue={fields.baseUrl.initialValue}
            type="url"
            autoComplete="off"
            placeholder="https://api.openai.com/v1"
            invalid={!!err("baseUrl")}
            aria-describedby={describedBy(fields.baseUrl.id, err("baseUrl"), "hint")}
          />
        </Field>
    </DialogForm>
  );
}
