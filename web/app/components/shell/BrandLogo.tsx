import { useRouteLoaderData } from "@remix-run/react";
import { MessageCircle } from "lucide-react";
import type { LogoUrls } from "../../../../worker/contracts/views/logos";
import { cn } from "../ui/cn";

/** The platform's uploaded logos (root loader); null for each never uploaded. */
export function useLogos(): LogoUrls {
  const root = useRouteLoaderData("root") as { logos?: LogoUrls } | undefined;
  return root?.logos ?? { light: null, dark: null, favicon: null };
}

/** The built-in mark: the green speech bubble. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={cn("flex shrink-0 items-center justify-center rounded-xl bg-brand text-brand-fg shadow-sm", className)}>
      <MessageCircle className="size-[60%]" aria-hidden />
    </span>
  );
}

/** The built-in word mark. */
export function BrandName({ className, onDark }: { className?: string; onDark?: boolean }) {
  return (
    <span className={cn("font-bold tracking-tight", onDark ? "text-white" : "text-fg", className)}>
      Zap<span className={onDark ? "text-white" : "text-brand"}>Desk</span>
    </span>
  );
}

/**
 * The uploaded logo for the current theme (the dark one in dark mode, the light one standing in when there is no
 * dark one), or null when none was uploaded: the caller then shows the built-in logo.
 */
export function UploadedLogo({ logos, className, alt = "ZapDesk" }: { logos: LogoUrls; className?: string; alt?: string }) {
  if (!logos.light && !logos.dark) return null;
  const light = logos.light ?? logos.dark!;
  const dark = logos.dark ?? logos.light!;
  if (light === dark) return <img src={light} alt={alt} className={cn("object-contain", className)} data-brand-logo />;
  return (
    <>
      <img src={light} alt={alt} className={cn("object-contain dark:hidden", className)} data-brand-logo="light" />
      <img src={dark} alt={alt} className={cn("hidden object-contain dark:block", className)} data-brand-logo="dark" />
    </>
  );
}
