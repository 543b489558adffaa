/**
 * The browser's i18next: the part of i18next's API this app uses (createInstance, use, init, t, getFixedT, exists,
 * changeLanguage, language, hasResourceBundle, addResourceBundle, on/off), with i18next's own lookup and output for the
 * app's texts: nested keys ("tickets.tabs.open"), the language then the fallback language, plurals by count with
 * Intl.PluralRules (key_zero for 0 first when it exists, then key_<rule>, then key), `{{name}}` interpolation without
 * escaping (a value not given stays as written, null gives ""), defaultValue, and the key itself when nothing is found.
 * With react-i18next's (./react-i18next.ts), about 2 KiB gzipped instead of 18 before the inbox is usable. The client
 * build resolves "i18next" here (vite.config.ts); the server renders with i18next itself and the browser hydrates
 * that markup, so a text that came out differently would show as a hydration mismatch. Checked when written: every
 * key of the three languages, with and without values and counts 0, 1, 2, 5 and 21, gives i18next's text.
 * returnObjects gives the object or array at a key (its strings interpolated). Nothing else (namespaces, nesting
 * $t(), formatting, contexts, ordinals, backends) is supported.
 */
type Tree = { [key: string]: unknown };
type TOptions = { count?: unknown; defaultValue?: unknown; returnObjects?: boolean; [name: string]: unknown };
type TFunction = (key: string, options?: TOptions | string) => string;
type Listener = (...args: unknown[]) => void;
interface InitOptions {
  lng?: string;
  fallbackLng?: string;
  resources?: Record<string, Record<string, Tree>>;
  [option: string]: unknown;
}
interface Plugin {
  type: string;
  init?: (instance: I18n) => void;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralSuffix(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng);
    pluralRules.set(lng, rules);
  }
  return rules.select(count);
}

function get(tree: unknown, path: string): unknown {
  let at = tree;
  for (const part of path.split(".")) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Tree)[part];
  }
  return at;
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (match, inner: string) => {
    let name = inner.trim();
    if (name.startsWith("-")) name = name.slice(1).trim(); // i18next's "unescaped" prefix: nothing is escaped here
    const value = name in options ? options[name] : get(options, name);
    if (value === undefined) return match;
    return value === null ? "" : String(value);
  });
}

/** returnObjects: the object or array at a key, its strings interpolated (as i18next does). */
function interpolateAll(value: unknown, options: TOptions | undefined): unknown {
  if (typeof value === "string") return interpolate(value, options);
  if (Array.isArray(value)) return value.map((v) => interpolateAll(v, options));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateAll(v, options)]));
  return value;
}

function merge(target: Tree, source: Tree, overwrite: boolean) {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (value && typeof value === "object" && !Array.isArray(value) && existing && typeof existing === "object") merge(existing as Tree, value as Tree, overwrite);
    else if (overwrite || existing === undefined) target[key] = value;
  }
}

class I18n {
  language = "";
  resolvedLanguage: string | undefined;
  languages: string[] = [];
  isInitialized = false;
  options: InitOptions = {};
  private store: Record<string, Record<string, Tree>> = {};
  private listeners = new Map<string, Set<Listener>>();
  private plugins: Plugin[] = [];
  t: TFunction = (key, options) => this.translate(this.language, key, options);

  use(plugin: Plugin): this {
    this.plugins.push(plugin);
    return this;
  }

  init(options: InitOptions, callback?: (err: unknown, t: TFunction) => void): Promise<TFunction> {
    this.options = { ...options };
    for (const [lng, namespaces] of Object.entries(options.resources ?? {})) this.store[lng] = { ...namespaces };
    this.setLanguage(options.lng ?? options.fallbackLng ?? "");
    this.isInitialized = true;
    for (const plugin of this.plugins) if (plugin.type === "3rdParty") plugin.init?.(this);
    this.emit("initialized", this.options);
    callback?.(null, this.t);
    return Promise.resolve(this.t);
  }

  createInstance(options?: InitOptions): I18n {
    const instance = new I18n();
    if (options) void instance.init(options);
    return instance;
  }

  private setLanguage(lng: string) {
    this.language = lng;
    this.resolvedLanguage = this.store[lng] ? lng : this.options.fallbackLng;
    this.languages = [...new Set([lng, this.options.fallbackLng ?? lng])];
  }

  changeLanguage(lng: string, callback?: (err: unknown, t: TFunction) => void): Promise<TFunction> {
    this.setLanguage(lng);
    this.emit("languageChanged", lng);
    callback?.(null, this.t);
    return Promise.resolve(this.t);
  }

  getFixedT(lng: string | null): TFunction {
    return (key, options) => this.translate(lng ?? this.language, key, options);
  }

  exists(key: string, options?: TOptions): boolean {
    return this.find(this.language, key, options) !== undefined;
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.store[lng]?.[ns] !== undefined;
  }

  getResourceBundle(lng: string, ns: string): Tree | undefined {
    return this.store[lng]?.[ns];
  }

  addResourceBundle(lng: string, ns: string, resources: Tree, deep = false, overwrite = false): this {
    const namespaces = (this.store[lng] ??= {});
    const bundle = (namespaces[ns] ??= {});
    if (deep) merge(bundle, resources, overwrite);
    else Object.assign(bundle, resources);
    this.emit("added", lng, ns);
    return this;
  }

  dir(): "ltr" {
    return "ltr";
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  /** The text of `key` in `lng`, else in the fallback language (i18next's order of candidate keys). */
  private find(lng: string, key: string, options: TOptions | undefined): string | undefined {
    const count = options?.count;
    const plural = typeof count === "number";
    for (const code of new Set([lng, this.options.fallbackLng ?? lng])) {
      const tree = this.store[code]?.translation;
      if (!tree) continue;
      const candidates = plural ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralSuffix(code, count)}`, key] : [key];
      for (const candidate of candidates) {
        const found = get(tree, candidate);
        if (typeof found === "string") return found;
        if (found !== undefined && found !== null) return options?.returnObjects ? (found as never) : undefined; // else i18next answers with the key
      }
    }
    return undefined;
  }

  private translate(lng: string, key: string, options: TOptions | string | undefined): string {
    const opts: TOptions | undefined = typeof options === "string" ? { defaultValue: options } : options;
    const found = this.find(lng, key, opts);
    if (found !== undefined) return typeof found === "string" ? interpolate(found, opts) : (interpolateAll(found, opts) as never);
    if (typeof opts?.defaultValue === "string") return interpolate(opts.defaultValue, opts);
    return key;
  }
}

export type { I18n as i18n, TFunction };
const i18next = new I18n();
export default i18next;
export const createInstance = (options?: InitOptions) => i18next.createInstance(options);
