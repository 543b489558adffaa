import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { MessageCircle, ShieldCheck, Users, Zap } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { forgetOfflineData } from "../lib/offline";
import { cookieHeaders, redirectIfLoggedIn } from "../lib/session.server";
import { BrandMark, BrandName, UploadedLogo, useLogos } from "../components/shell/BrandLogo";

/** Public pages (login, signup, password reset): a logged-in visitor goes straight to the inbox. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await redirectIfLoggedIn(request, context);
  return data(null, { headers: cookieHeaders(session) });
}

export default function PublicLayout() {
  const { t } = useTranslation();
  const logos = useLogos();
  const uploaded = !!(logos.light || logos.dark);
  // Nobody is signed in here: what the last user's pages and unsent messages left for offline use goes (issue 29).
  useEffect(() => void forgetOfflineData(), []);
  return (
    <div className="grid min-h-dvh bg-bg md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      {/* The greens are the brand's darker ones: white reads 4.9:1 or better anywhere on the gradient. */}
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-[#008069] via-[#00735e] to-[#005c4b] p-10 text-white md:flex md:flex-col md:justify-between">
        {uploaded ? (
          <div className="flex items-center">
            {/* The uploaded logo on a light card: a logo made for light pages stays readable on the green. */}
            <span className="rounded-2xl bg-white px-4 py-3 shadow-sm">
              <img src={(logos.light ?? logos.dark)!} alt="ZapDesk" className="h-12 max-w-64 object-contain" data-brand-logo="login-aside" />
            </span>
          </div>
        ) : (
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-2xl bg-white/15 backdrop-blur">
              <MessageCircle className="size-6" aria-hidden />
            </span>
            <span className="text-2xl font-bold tracking-tight">ZapDesk</span>
          </div>
        )}
        <div className="max-w-md space-y-6">
          <p className="text-3xl leading-tight font-semibold">{t("auth.subtitle")}</p>
          <ul className="space-y-3">
            <li className="flex items-center gap-3">
              <Zap className="size-5 shrink-0" aria-hidden /> {t("auth.featureInbox")}
            </li>
            <li className="flex items-center gap-3">
              <Users className="size-5 shrink-0" aria-hidden /> {t("auth.featureTeams")}
            </li>
            <li className="flex items-center gap-3">
              <ShieldCheck className="size-5 shrink-0" aria-hidden /> {t("auth.featureSecure")}
            </li>
          </ul>
        </div>
        <div aria-hidden className="pointer-events-none absolute -right-24 -bottom-24 size-80 rounded-full bg-white/10" />
        <div aria-hidden className="pointer-events-none absolute top-1/3 -right-10 size-40 rounded-full bg-white/5" />
      </aside>
      <main className="flex items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-sm">
          <div className="mb-8 flex items-center justify-center gap-2.5 md:hidden">
            {uploaded ? (
              <UploadedLogo logos={logos} className="h-12 max-w-64" />
            ) : (
              <>
                <BrandMark className="size-10 rounded-2xl" />
                <BrandName className="text-2xl" />
              </>
            )}
          </div>
          <Outlet />
        </div>
      </main>
    </div>
  );
}
