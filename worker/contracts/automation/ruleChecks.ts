/**
 * What the server answers under `fields` when a rule's body has the right shape but names something it may not
 * (domain/automationRules/ruleReferences.ts): the web shows each in the user's language on the field it names.
 */
export const UNKNOWN_REFERENCE = "Not one of the company's";
export const INVALID_PATTERN = "Not a valid regular expression";
export const UNSAFE_PATTERN = "This pattern could take too long to run";
/** POST /automation-rules/order whose `ids` are not the company's rules, each once. */
export const NOT_EVERY_RULE = "Give every rule of the company exactly once";
