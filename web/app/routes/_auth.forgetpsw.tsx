import { Link } from "@remix-run/react";
import { Construction } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/ui/EmptyState";
import { buttonClasses } from "../components/ui/Button";

/** The two-step password reset (spec 001) comes with its own issue. */
export default function ForgotPassword() {
  const { t } = useTranslation();
  return (
    <section className="rounded-2xl border border-line bg-surface p-6 shadow-panel">
      <h1 className="text-xl font-semibold">{t("auth.forgotTitle")}</h1>
      <EmptyState
        icon={Construction}
        title={t("comingSoon.title")}
        description={t("comingSoon.description", { page: t("auth.forgotTitle") })}
        action={
          <Link to="/login" className={buttonClasses("outline")}>
            {t("auth.backToLogin")}
          </Link>
        }
      />
    </section>
  );
}
