// The entry point of every TypeScript package promptc generates: the
// project's runtime over its compiled form. This file is the same in every
// package; index.d.ts types it for the project.
import data from "./prompts.data.js";
import { createRuntime } from "./runtime.js";
import { loadCustom as loadCustomIn, loadInstructions as loadInstructionsIn, loadLayers as loadLayersIn } from "./loaders.js";

export { PromptError } from "./runtime.js";
export { InstructionProblem } from "./loaders.js";

const rt = createRuntime(data);

/** Identifies the inputs this package was generated from. */
export const inputHash = data.inputHash;
/** The mode a request without one composes. */
export const defaultMode = rt.defaultMode;
/** The family of a model no rule selects. */
export const fallbackFamily = rt.fallbackFamily;
/** How the costs were counted. */
export const tokenCounter = data.tokenCounter;

export const modes = () => rt.modes();
export const modesFor = (custom) => rt.modesFor(custom);
export const nextMode = (mode, custom) => rt.nextMode(mode, custom);
export const families = () => rt.families();
export const profiles = () => rt.profiles();
export const permissions = () => rt.permissions();
export const parseMode = (name) => rt.parseMode(name);
export const modeDescription = (mode) => rt.modeDescription(mode);
export const separator = (mode) => rt.separator(mode);
export const end = (mode) => rt.end(mode);
export const compose = (request) => rt.compose(request);
export const sections = (request) => rt.sections(request);
export const resolve = (request) => rt.resolve(request);
export const validate = (request) => rt.validate(request);
export const fields = (request) => rt.fields(request);
export const costNotice = (request) => rt.costNotice(request);
export const capabilityLine = (request) => rt.capabilityLine(request);
export const tools = (permission) => rt.tools(permission);
export const permits = (permission, tool) => rt.permits(permission, tool);

// The loaders of the user's files; index.d.ts declares those the project has.
/** The custom mode's file, relative to the project directory ("" without a custom mode). */
export const customFile = data.custom ? data.custom.file : "";
export const loadCustom = (projectDir, path = customFile) => {
  if (!data.custom) throw new Error("the project declares no custom mode");
  return loadCustomIn(projectDir, path, data.custom);
};
export const instructionFiles = () => (data.instructions ? [...data.instructions.files] : []);
export const loadInstructions = (projectDir, options) => {
  if (!data.instructions) throw new Error("the project declares no instructions");
  return loadInstructionsIn(projectDir, options, data.instructions);
};
export const loadLayers = (layers, options) => {
  if (!data.instructions) throw new Error("the project declares no instructions");
  return loadLayersIn(layers, options, data.instructions);
};
