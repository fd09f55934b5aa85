// Types of the fixed runtime of every TypeScript package promptc
// generates (runtime.js). The generated index.d.ts narrows names to the
// project's modes, families, profiles, permission sets and inputs.

/** The error of a request that cannot be composed or is not valid. */
export declare class PromptError extends Error {
  /** The request field at fault ("Request.Mode", "Request.Inputs", ...; "" for a part that failed to render). */
  readonly field: string;
  constructor(field: string, message: string);
}

/** A failure of a template part to render. */
export declare class TemplateError extends Error {}

/** A composed prompt and where its cacheable prefix ends. */
export interface Prompt {
  /** The prompt as sent. */
  readonly text: string;
  /** The length of the cacheable prefix in UTF-16 code units: text.slice(0, cacheEnd). */
  readonly cacheEnd: number;
  /** The same length in UTF-8 bytes, as providers and the Go package count it. */
  readonly cacheEndBytes: number;
  /** The number of sections wholly inside the prefix. */
  readonly cacheSections: number;
  /** Set when the custom mode's file could not be used and the fallback was sent. */
  readonly customFallback: boolean;
}

/** One non-empty piece of a composed prompt. */
export interface Section {
  readonly name: string;
  readonly text: string;
  /** file:line of the text, relative to the project root ("" for slots). */
  readonly source: string;
  readonly slot: boolean;
  /** The text stays the same for the whole session. */
  readonly stable: boolean;
  /** What goes ahead of the section ("" for the first). */
  readonly before: string;
}

/** A run-time value a composition reads, with its limits. */
export interface Field {
  readonly name: string;
  readonly placeholder: boolean;
  readonly input: boolean;
  /**
   * The characters (code points) budgets count the value at, and its
   * typical length: planning figures, which refuse nothing (a slot's or
   * placeholder's maxChars is also its limit).
   */
  readonly maxChars: number;
  readonly typicalChars: number;
  /** The most characters validate accepts; 0: no limit. */
  readonly limitChars: number;
  /** A list input's planning figures in records. */
  readonly maxItems: number;
  readonly typicalItems: number;
  /** A list input's most records validate accepts; 0: no limit. */
  readonly limitItems: number;
  readonly stable: boolean;
}

/** The cost notice of a mode for a model. */
export interface Notice {
  readonly mode: string;
  readonly tokens: number;
  readonly overFocus: number;
  readonly line: string;
  readonly warning: string;
  /** The notice as promptc costs --model prints it. */
  readonly text: string;
}

/** A tool of the catalogue. */
export interface Tool {
  readonly name: string;
  readonly group: string;
  readonly write: boolean;
}

/** The custom mode's file, as the harness loaded it (the Go package's Custom). */
export interface Custom {
  /** The instructions to send; "" sends the project's fallback. */
  readonly text: string;
  /** The file read, relative to the project directory: the section's source when usable. */
  readonly path: string;
  /** false sends text (or the fallback) and sets Prompt.customFallback. */
  readonly usable: boolean;
  /** The name loadCustom read (frontmatter name:, else the first heading); not sent. */
  readonly name?: string;
  /** Why loadCustom did not use the file; not sent. */
  readonly reason?: string;
}

/** A request in names: what index.d.ts narrows. */
export interface AnyRequest {
  readonly mode?: string;
  readonly family?: string;
  readonly model?: string;
  readonly provider?: string;
  readonly profile?: string;
  readonly permission?: string;
  readonly slots?: { readonly [name: string]: string | undefined };
  readonly inputs?: { readonly [name: string]: unknown };
  readonly custom?: Custom;
}

/** What a request's model and family choice select. */
export interface AnyResolution {
  readonly family: string;
  readonly forced: boolean;
  readonly note: string;
  readonly modelId: string;
  readonly settings: { readonly [name: string]: string };
}

/** The runtime of one project. */
export interface Runtime {
  modes(): string[];
  /** modes(), then the custom mode when custom is usable: what a mode picker offers. */
  modesFor(custom?: Custom): string[];
  /** The mode after mode in modesFor(custom), wrapping around; "" is the default mode, one not offered is followed by the first. */
  nextMode(mode: string, custom?: Custom): string;
  readonly defaultMode: string;
  families(): string[];
  readonly fallbackFamily: string;
  profiles(): string[];
  permissions(): string[];
  parseMode(name: string): string;
  modeDescription(mode: string): string;
  separator(mode: string): string;
  end(mode: string): string;
  compose(request?: AnyRequest): Prompt;
  sections(request?: AnyRequest): Section[];
  resolve(request?: AnyRequest): AnyResolution;
  /** Every problem of the request: the Go package's Validate, and what its types rule out (names not declared, values of another type). */
  validate(request?: AnyRequest): PromptError[];
  fields(request?: AnyRequest): Field[];
  costNotice(request?: AnyRequest): Notice;
  capabilityLine(request?: AnyRequest): string;
  tools(permission?: string): Tool[];
  permits(permission: string | undefined, tool: string): boolean;
}

/** Returns the runtime of a project's compiled form. */
export declare function createRuntime(data: unknown): Runtime;

/** Renders one template part with the inputs. */
export declare function renderTemplate(template: unknown, inputs: unknown): string;
