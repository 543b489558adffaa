import EmojiPicker, { Categories, type EmojiClickData } from "emoji-picker-react";
import { useTranslation } from "react-i18next";
import { useTheme } from "../../../../lib/theme";
import "../texts";

// Datasets in the user's language, loaded with the picker (English is built in).
const loadPt = () => import("emoji-picker-react/data/emojis-pt");
const loadEs = () => import("emoji-picker-react/data/emojis-es");

/** The picker's sections, named by us (sentence case, in the user's language): its datasets capitalise each word. */
const CATEGORIES = [
  Categories.SUGGESTED,
  Categories.SMILEYS_PEOPLE,
  Categories.ANIMALS_NATURE,
  Categories.FOOD_DRINK,
  Categories.TRAVEL_PLACES,
  Categories.ACTIVITIES,
  Categories.OBJECTS,
  Categories.SYMBOLS,
  Categories.FLAGS,
];

/**
 * The emoji picker (loaded only when first opened). Native emoji glyphs: the picker fetches no images from
 * the internet.
 */
export default function EmojiPickerPanel({ onPick, width = 320, height = 380 }: { onPick: (emoji: string) => void; width?: number | string; height?: number }) {
  const { t, i18n } = useTranslation();
  const { theme } = useTheme();
  const lang = i18n.language;
  return (
    <EmojiPicker
      emojiStyle="native"
      colorScheme={theme}
      width={width}
      height={height}
      lazyLoadEmojis
      skinTonesDisabled
      previewConfig={{ showPreview: false }}
      emojiData={lang === "pt-BR" ? loadPt : lang === "es" ? loadEs : undefined}
      categories={CATEGORIES.map((category) => ({ category, name: t(`ticketChat.composer.emojiCategories.${category}`) }))}
      searchPlaceholder={t("ticketChat.composer.emojiSearch")}
      labels={{ searchPlaceholder: t("ticketChat.composer.emojiSearch"), loading: t("common.loading") }}
      onEmojiClick={(data: EmojiClickData) => onPick(data.emoji)}
    />
  );
}
