/**
 * Terraform's planning rules for TypeScript providers: `proposedNew` exactly as core computes
 * it, the provider-side plan pipeline (defaults, unknown marking, plan modifiers, resource
 * `modifyPlan`, requires-replace), keyed matching of list and set elements, and the human plan
 * text Terraform shows.
 *
 * @packageDocumentation
 */

export { plannedDataResourceObject, proposedNew } from "./proposed-new.js";
