import * as Slider from "@radix-ui/react-slider";
import { useTranslation } from "react-i18next";
import { VOLUME_STEP } from "../../lib/volume";

/** The volume popover's slider: loaded when the popover first opens (see HeaderPopovers). */
export default function VolumeSlider({ volume, onVolume }: { volume: number; onVolume: (volume: number) => void }) {
  const { t } = useTranslation();
  return (
    <Slider.Root
      min={0}
      max={1}
      step={VOLUME_STEP}
      value={[volume]}
      onValueChange={([v]) => onVolume(v ?? 1)}
      className="relative flex h-5 w-full touch-none items-center select-none"
    >
      <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-surface-3">
        <Slider.Range className="absolute h-full bg-brand" />
      </Slider.Track>
      <Slider.Thumb
        aria-label={t("shell.volume")}
        className="block size-4 rounded-full border-2 border-brand bg-surface shadow focus-visible:ring-4 focus-visible:ring-brand/30 focus-visible:outline-none"
      />
    </Slider.Root>
  );
}
