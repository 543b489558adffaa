import { useRevalidator } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, rememberLanguage, switchLanguage, toLanguage, type Language } from "../../i18n";
import type { SessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { describedBy, Field, Input, PasswordField } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { updateUser } from "../users/api";
import { profileFormSchema } from "../users/schema";
import { useContractForm } from "../../components/form/useContractForm";
import { passwordHint } from "../../lib/password";
import { PushSettings } from "../push/PushSettings";

/** The account menu's Perfil: the user edits their own name, email, password and language. */
export function ProfileDialog({ open, onOpenChange, user }: { open: boolean; onOpenChange: (open: boolean) => void; user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("profile.title")} size="sm">
        <ProfileForm user={user} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ProfileForm({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const currentLanguage: Language = toLanguage(i18n.language) ?? "pt-BR";

  const { form, fields, saving } = useContractForm({
    id: `profile-${user.id}`,
    schema: profileFormSchema,
    defaultValue: { name: user.name, email: user.email, language: currentLanguage },
    fields: ["name", "email", "password", "currentPassword", "language"],
    codeFields: { ERR_EMAIL_IN_USE: "email", ERR_WRONG_CURRENT_PASSWORD: "currentPassword" },
    async save(value) {
      await updateUser(user.id, value);
      const language = value.language;
      if (language !== currentLanguage) {
        rememberLanguage(language);
        await switchLanguage(i18n, language);
      }
      toast.success(i18n.t("toasts.saved")); // in the language just chosen
      onDone();
      revalidator.revalidate();
    },
  });

  const nameError = fields.name.errors?.[0];
  const emailError = fields.email.errors?.[0];
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="contents">
      <DialogBody className="flex flex-col gap-4">
        <Field id={fields.name.id} label={t("profile.name")} error={nameError}>
          <Input
            id={fields.name.id}
            name={fields.name.name}
            key={fields.name.key}
            defaultValue={fields.name.initialValue}
            autoComplete="name"
            invalid={!!nameError}
            aria-describedby={describedBy(fields.name.id, nameError)}
          />
        </Field>
        <Field id={fields.email.id} label={t("profile.email")} error={emailError}>
          <Input
            id={fields.email.id}
            name={fields.email.name}
            key={fields.email.key}
            type="email"
            defaultValue={fields.email.initialValue}
            autoComplete="email"
            invalid={!!emailError}
            aria-describedby={describedBy(fields.email.id, emailError)}
          />
        </Field>
        <PasswordField field={fields.password} label={t("profile.password")} hint={passwordHint(t, t("profile.passwordHint"))} autoComplete="new-password" />
        <PasswordField
          field={fields.currentPassword}
          label={t("profile.currentPassword")}
          hint={t("profile.currentPasswordHint")}
          autoComplete="current-password"
        />
        <Field id={fields.language.id} label={t("profile.language")}>
          <Select
            id={fields.language.id}
            name={fields.language.name}
            defaultValue={currentLanguage}
            options={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
          />
        </Field>
        <PushSettings />
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={saving}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={saving}>
          {t("common.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
