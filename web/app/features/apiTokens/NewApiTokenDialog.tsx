import { useState } from "react";
import { useTranslation } from "react-i18next";
import { API_SCOPES } from "../../../../worker/contracts/publicApi/scopes";
import { DialogForm } from "../../components/form/DialogForm";
import { useContractForm } from "../../components/form/useContractForm";
import { Button } from "../../components/ui/Button";
import { CopyField } from "../../components/ui/CopyField";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { describedBy, Field, Input } from "../../components/ui/Input";
import { dayKeyIn } from "../../lib/dates";
import { useCompanyTime } from "../../lib/useCompanyTime";
import { createApiToken } from "./api";
import { endOfDayIn, newApiTokenSchema } from "./schema";
import type { ApiTokenRow } from "./types";
import "./texts";

/**
 * "Novo token": name, scopes, optional expiry; then the token itself, shown this once with a copy button (the server
 * keeps only its hash). Closing the dialog forgets it.
 */
export function NewApiTokenDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (row: ApiTokenRow) => void }) {
  const { t } = useTranslation();
  const [token, setToken] = useState<string | null>(null);
  const close = () => onOpenChange(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setToken(null);
        onOpenChange(next);
      }}
    >
      <DialogContent title={token ? t("apiTokens.dialog.createdTitle") : t("apiTokens.dialog.title")} size="md" modalLock>
        {token ? (
          <>
            <DialogBody className="flex flex-col gap-2">
              <label htmlFor="new-api-token" className="text-sm font-medium">
                {t("apiTokens.dialog.token")}
              </label>
              <CopyField id="new-api-token" value={token} label={t("apiTokens.dialog.token")} copyLabel={t("apiTokens.dialog.copy")} copiedMessage={t("apiTokens.dialog.copied")} />
              <p role="status" className="text-xs font-medium text-warning-fg">
                {t("apiTokens.dialog.shownOnce")}
              </p>
            </DialogBody>
            <DialogFooter>
              <Button
                onClick={() => {
                  setToken(null);
                  close();
                }}
              >
                {t("apiTokens.dialog.done")}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <NewApiTokenForm
            onCancel={close}
            onCreated={(created) => {
              onCreated(created.apiToken);
              setToken(created.token);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function NewApiTokenForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (created: { token: string; apiToken: ApiTokenRow }) => void }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanyTime();
  const { form, fields, saving } = useContractForm({
    id: "api-token-form",
    schema: newApiTokenSchema(timeZone),
    defaultValue: { name: "", scopes: [], expiresOn: "" },
    fields: ["name", "scopes", "expiresOn"],
    aliases: { expiresAt: "expiresOn" },
    async save(value) {
      const expiresAt = value.expiresOn ? endOfDayIn(value.expiresOn, timeZone)!.toISOString() : null;
      onCreated(await createApiToken({ name: value.name, scopes: value.scopes, expiresAt }));
    },
  });
  const nameError = fields.name.errors?.[0];
  const scopesError = fields.scopes.errors?.[0];
  const expiryError = fields.expiresOn.errors?.[0];
  return (
    <DialogForm form={form} saving={saving} editing={false} onCancel={onCancel} submitLabel={t("apiTokens.dialog.create")}>
      <Field id={fields.name.id} label={t("apiTokens.dialog.name")} error={nameError} hint={t("apiTokens.dialog.nameHint")}>
        <Input
          id={fields.name.id}
          name={fields.name.name}
          key={fields.name.key}
          defaultValue={fields.name.initialValue}
          autoComplete="off"
          autoFocus
          invalid={!!nameError}
          aria-describedby={describedBy(fields.name.id, nameError, t("apiTokens.dialog.nameHint"))}
        />
      </Field>
      <fieldset className="flex flex-col gap-1.5" aria-describedby={scopesError ? `${fields.scopes.id}-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium">{t("apiTokens.dialog.scopes")}</legend>
        <ul className="divide-y divide-line rounded-xl border border-line">
          {API_SCOPES.map((scope) => (
            <li key={scope}>
              <label className="flex items-start gap-3 px-3 py-2 hover:bg-surface-2">
                <input type="checkbox" name={fields.scopes.name} value={scope} className="mt-0.5 size-4 shrink-0 accent-[var(--brand)]" />
                <span className="min-w-0">
                  <span className="block font-mono text-xs font-medium">{scope}</span>
                  <span className="block text-xs text-muted">{t(`apiTokens.scopes.${scope.replace(":", "_")}`)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {scopesError ? (
          <p id={`${fields.scopes.id}-error`} role="alert" className="text-xs font-medium text-danger">
            {scopesError}
          </p>
        ) : null}
      </fieldset>
      <Field id={fields.expiresOn.id} label={t("apiTokens.dialog.expiry")} error={expiryError} hint={t("apiTokens.dialog.expiryHint")}>
        <Input
          id={fields.expiresOn.id}
          name={fields.expiresOn.name}
          key={fields.expiresOn.key}
          type="date"
          min={dayKeyIn(new Date(), timeZone)}
          defaultValue={fields.expiresOn.initialValue}
          invalid={!!expiryError}
          aria-describedby={describedBy(fields.expiresOn.id, expiryError, t("apiTokens.dialog.expiryHint"))}
          className="sm:max-w-48"
        />
      </Field>
    </DialogForm>
  );
}
