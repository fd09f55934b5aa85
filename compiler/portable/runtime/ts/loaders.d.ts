// Types of the loaders of every TypeScript package promptc generates
// (loaders.js). The generated index.d.ts binds them to the project.

import type { Custom } from "./runtime.js";

/** The custom mode as loaded from a project (the Go package's Custom). */
export interface LoadedCustom extends Custom {
  /** From the frontmatter's name:, else the first heading outside code; "" when neither is present. */
  readonly name: string;
  /** Why the file was not used ("" when usable). */
  readonly reason: string;
}

/** A piece of the user's instructions that was left out. */
export declare class InstructionProblem {
  /** The file holding the include line; for a named file, the file. */
  readonly path: string;
  /** The include line's "@", 1-based (line in lines, col in code points); 0 and 0 for a named file. */
  readonly line: number;
  readonly col: number;
  /** "escape", "not-found", "unreadable", "depth", "files", "total-chars" or "file-chars". */
  readonly kind: "escape" | "not-found" | "unreadable" | "depth" | "files" | "total-chars" | "file-chars";
  /** What was left out and why. */
  readonly message: string;
  /** "path:line:col: message", or "path: message" for a named file. */
  toString(): string;
}

/** The user's instruction files as loaded (the Go package's Instructions). */
export interface Instructions {
  /** Every file read, in the order named, includes expanded, blank lines around each removed, the files separated by a blank line; "" when none was found. */
  readonly text: string;
  /** Every file read, each once, in the order first reached. */
  readonly files: string[];
  /** Every include line and named file whose text was left out, and why, in the order found. */
  readonly problems: InstructionProblem[];
}

/** Which instruction files loadInstructions reads and how (the Go package's InstructionOptions). */
export interface InstructionOptions {
  /** The files to read, in order, relative to the project directory; undefined: the project's instructions.files. */
  readonly files?: readonly string[];
  /** Leaves @include lines as written for this call. */
  readonly noIncludes?: boolean;
  /** The directory the session works in, relative to the project directory: each file is also looked for in every directory down to it, the outermost first. */
  readonly workDir?: string;
  /** The result of an earlier call for another directory: its characters and files count against this call's limits. */
  readonly after?: Instructions;
}

/** The directories of the layers loadLayers reads, in the order it reads them (the Go package's InstructionLayers); "" or absent leaves a layer out. */
export interface InstructionLayers {
  /** The user's own directory, outside any project. */
  readonly user?: string;
  /** The package's directory. */
  readonly package?: string;
  /** The project's directory: the only layer options.workDir applies to. */
  readonly project?: string;
  /** Each extension's directory, read last, in the order given. */
  readonly extensions?: readonly string[];
}

/** One layer as loadLayers loaded it (the Go package's InstructionLayer): paths in files and problems are relative to dir. */
export interface InstructionLayer extends Instructions {
  /** "user", "package", "project" or "extension". */
  readonly name: "user" | "package" | "project" | "extension";
  /** The layer's directory, as given. */
  readonly dir: string;
}

/** Every layer loadLayers read, in order, and their texts joined (the Go package's LayeredInstructions). */
export interface LayeredInstructions {
  /** The text of every layer that has one, in layer order, separated by a blank line: what the harness sends. */
  readonly text: string;
  /** The layers read, in order, empty ones included. */
  readonly layers: InstructionLayer[];
}

/** The project's compiled instructions: default files, include expansion and limits. */
export interface InstructionConfig {
  readonly files: readonly string[];
  readonly includes: boolean;
  readonly maxDepth: number;
  readonly maxFiles: number;
  readonly maxTotalChars: number;
  readonly maxFileChars: number;
  readonly maxBytes: number;
}

/** The project's compiled custom mode: its fallback text and largest file. */
export interface CustomConfig {
  readonly fallback: string;
  readonly maxBytes: number;
}

/** The largest instruction file read, in bytes. */
export declare const instructionMaxBytes: number;

/** Reads the user's instruction files in projectDir, as the Go package's LoadInstructions. */
export declare function loadInstructions(projectDir: string, options: InstructionOptions | undefined, config: InstructionConfig): Instructions;

/** Reads layered instruction files in the order user, package, project, extensions, sharing one set of limits, as the Go package's LoadLayers. */
export declare function loadLayers(layers: InstructionLayers, options: InstructionOptions | undefined, config: InstructionConfig): LayeredInstructions;

/** Reads the custom file at path (relative to projectDir), as the Go package's LoadCustom. */
export declare function loadCustom(projectDir: string, path: string, config: CustomConfig): LoadedCustom;
