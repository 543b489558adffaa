import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Input } from "../ui/Input";

/** The search box of a list page's header: wide enough for its placeholder ("Pesquisar por contato ou mensagem"). */
export function SearchField({ value, onChange, placeholder }: { value: string; onChange: (value: string) => void; placeholder: string }) {
  const { t } = useTranslation();
  return (
    <div className="relative w-full sm:w-80">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle" aria-hidden />
      <Input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={t("common.search")}
        className="pl-9"
      />
    </div>
  );
}
