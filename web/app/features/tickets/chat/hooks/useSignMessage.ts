import { useCallback, useEffect, useState } from "react";
import { storage } from "../../../../lib/storage";
import { parseSignSetting, SIGN_MESSAGE_KEY } from "../rules/composer";

/** The sign-message option: on by default, remembered in this browser (spec 000 section 9). */
export function useSignMessage(): [boolean, (value: boolean) => void] {
  const [sign, setSign] = useState(true);
  useEffect(() => setSign(parseSignSetting(storage.get(SIGN_MESSAGE_KEY))), []);
  const update = useCallback((value: boolean) => {
    storage.set(SIGN_MESSAGE_KEY, String(value));
    setSign(value);
  }, []);
  return [sign, update];
}
