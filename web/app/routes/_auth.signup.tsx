import { Link } from "@remix-run/react";
import { Construction } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/ui/EmptyState";
import { buttonClasses } from "../components/ui/Button";

/** Company signup (spec 001) comes with its own issue; the route exists so the login link works. */
export default function Signup() {
  const { t } = useTranslation();
  return (
    <section className="rounded-2xl border border-line bg-surface p-6 shadow-panel">
      <h1 className="text-xl font-semibold">{t("auth.signupTitle")}</h1>
      <EmptyState
        icon={Construction}
        title={t("comingSoon.title")}
        description={t("comingSoon.description", { page: t("auth.signupTitle") })}
        action={
          <Link to="/login" className={buttonClasses("outline")}>
            {t("auth.backToLogin")}
          </Link>
        }
      />
    </section>
  );
}
