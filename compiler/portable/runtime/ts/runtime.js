// The fixed runtime of every TypeScript package promptc generates: it
// composes, resolves, validates and describes prompts from the project's
// compiled form (prompts.data.js), exactly as the generated Go package
// does from its tables. It uses nothing beyond the language. Types:
// runtime.d.ts; the generated index.d.ts narrows them to the project.

/** The error of a request that cannot be composed; field names it. */
export class PromptError extends Error {
  /** @param {string} field @param {string} message */
  constructor(field, message) {
    super(message);
    this.name = "PromptError";
    this.field = field;
  }
}

const encoder = new TextEncoder();

/** UTF-8 length of s. */
function utf8Length(s) {
  return encoder.encode(s).length;
}

/** Number of code points of s, as Go's utf8.RuneCountInString counts them. */
function runeCount(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

// validUTF8 reports whether s has no lone surrogate: the only string that
// cannot be written in UTF-8, which the Go package reports as invalid.
function validUTF8(s) {
  return !/[\ud800-\udfff]/u.test(s);
}

// isAuto reports whether a family choice follows the model: left out, "",
// or "auto".
function isAuto(fam) {
  return fam === undefined || fam === "" || fam === "auto";
}

/**
 * Returns the runtime of one project: data is its compiled form.
 * @param {any} data
 */
export function createRuntime(data) {
  const modes = data.modes;
  const families = data.families;
  const programs = data.programs;
  const profiles = data.profiles || null;
  const permissions = data.permissions || null;
  const customName = data.custom ? data.custom.name : null;
  const otherWire = { sep: "\n\n", end: "" };

  // Regular expressions are compiled once, on first use.
  let compiled = null;
  const re = (r) => new RegExp(r.js, "u");
  const compileRule = (r) => ({ value: r.value, name: r.name.map(re), provider: r.provider.map(re), id: r.id.map(re), all: r.all.map(re) });
  function compile() {
    if (compiled) return compiled;
    compiled = {
      rules: data.rules.map(compileRule),
      notes: families.map((f) => f.notes.map((n) => new RegExp(n.js[0], n.js[1]))),
      conditions: data.conditions.map((c) => c.map(re)),
      settings: data.settings.map((s) => s.rules.map(compileRule)),
    };
    return compiled;
  }

  // selFirst returns the index of the first rule that selects id, -1 for
  // none: the selection genruntime's select.go makes. provEnd is the
  // length of a provider given apart from the model (id is then provider
  // + "/" + model), 0 for none: provider patterns see that provider alone.
  function selFirst(rules, id, provEnd) {
    const cut = Math.max(id.lastIndexOf("/"), id.lastIndexOf(":"));
    const name = cut >= 0 ? id.slice(cut + 1) : id;
    for (let i = 0; i < rules.length; i++) {
      const r = rules[i];
      if (r.name.some((x) => x.test(name))) return i;
      if (r.id.some((x) => x.test(id))) return i;
      if (r.all.length > 0 && r.all.every((x) => x.test(id))) return i;
    }
    for (let i = 0; i < rules.length; i++) {
      const r = rules[i];
      for (let end = cut; end > 0; ) {
        const start = Math.max(id.lastIndexOf("/", end - 1), id.lastIndexOf(":", end - 1)) + 1;
        const seg = id.slice(start, end);
        if (seg !== "") {
          if (r.name.some((x) => x.test(seg))) return i;
          if ((provEnd === 0 || end <= provEnd) && r.provider.some((x) => x.test(seg))) return i;
        }
        end = start - 1;
      }
    }
    // A bare id naming a provider (anthropic, openai) gets its family.
    for (let i = 0; i < rules.length; i++) {
      if (rules[i].provider.some((x) => x.test(name))) return i;
    }
    return -1;
  }

  function noteFor(f, id) {
    const notes = compile().notes[f];
    for (let i = 0; i < notes.length; i++) if (notes[i].test(id)) return i;
    return -1;
  }

  let last = null;
  // resolveFor resolves a model of a provider: family, note, conditional
  // parts and settings, and the id they were matched on.
  function resolveFor(provider, model) {
    if (last && last.provider === provider && last.model === model) return last.res;
    const id = provider !== "" ? provider + "/" + model : model;
    const c = compile();
    const ri = selFirst(c.rules, id, provider.length);
    const family = ri >= 0 ? data.rules[ri].value : data.fallbackFamily;
    const res = {
      id,
      family,
      note: noteFor(family, id),
      parts: c.conditions.map((pats) => pats.some((x) => x.test(id))),
      settings: c.settings.map((rules, i) => {
        const j = selFirst(rules, id, provider.length);
        return j >= 0 ? data.settings[i].rules[j].value : data.settings[i].default;
      }),
    };
    last = { provider, model, res };
    return res;
  }

  function parseMode(name) {
    if (name === undefined || name === "") return data.defaultMode;
    const i = modes.findIndex((m) => m.name === name);
    if (i >= 0) return i;
    if (customName !== null && name === customName) return -1;
    for (const [a, m] of data.aliases) if (a === name) return m;
    return null;
  }

  function modeValidNames() {
    const out = modes.map((m) => m.name);
    if (customName !== null) out.push(customName);
    for (const [a] of data.aliases) out.push(a);
    return out.join(", ");
  }

  // selectionErrors lists the problems of the request's mode, family,
  // profile and permission set.
  function selectionErrors(req) {
    const errs = [];
    if (parseMode(req.mode) === null) errs.push(new PromptError("Request.Mode", `Request.Mode: unknown prompt mode ${goQuote(req.mode)} (valid: ${modeValidNames()})`));
    const fam = req.family;
    if (!isAuto(fam) && !families.some((f) => f.name === fam)) {
      errs.push(new PromptError("Request.Family", `Request.Family: unknown family ${goQuote(fam)} (valid: auto, ${families.map((f) => f.name).join(", ")})`));
    }
    if (req.profile !== undefined && !(profiles && profiles.includes(req.profile))) {
      errs.push(new PromptError("Request.Profile", `Request.Profile: invalid prompt profile ${goQuote(req.profile)} (valid: ${(profiles || []).join(", ")})`));
    }
    if (req.permission !== undefined && !(permissions && permissions.includes(req.permission))) {
      errs.push(new PromptError("Request.Permission", `Request.Permission: invalid permission set ${goQuote(req.permission)} (valid: ${(permissions || []).join(", ")})`));
    }
    return errs;
  }

  function program(req) {
    const pr = profiles ? Math.max(0, profiles.indexOf(req.profile === undefined ? profiles[0] : req.profile)) : 0;
    if (!permissions) return pr;
    const perm = req.permission === undefined ? 0 : permissions.indexOf(req.permission);
    return pr * permissions.length + data.permissionProgram[perm];
  }

  function choose(req) {
    const r = resolveFor(req.provider || "", req.model || "");
    if (isAuto(req.family)) return r;
    const f = families.findIndex((x) => x.name === req.family);
    return { ...r, family: f, note: noteFor(f, r.id) };
  }

  // composition returns what a request composes, or throws.
  function composition(req) {
    req = req || {};
    const errs = selectionErrors(req);
    if (errs.length > 0) throw errs[0];
    const mode = parseMode(req.mode);
    let custom = data.custom ? data.custom.fallback : "";
    let customSource = data.custom ? data.custom.fallbackSource : "";
    let fallback = false;
    if (mode === -1) {
      if (!req.custom) throw new PromptError("Request.Custom", "Request.Custom: the custom mode needs the Request's custom, from loadCustom");
      // As the Go package's Custom: its text, or the fallback when it has
      // none; its path as the source only when usable.
      fallback = !req.custom.usable;
      if (req.custom.text) custom = req.custom.text;
      if (!fallback) customSource = req.custom.path || "";
    }
    const pr = programs[program(req)];
    return {
      mode,
      items: mode === -1 ? pr.custom : pr.modes[mode],
      wire: mode === -1 ? otherWire : modes[mode],
      r: choose(req),
      custom,
      customSource,
      fallback,
      slots: req.slots || {},
      inputs: req.inputs || {},
      // The tool listing for the request's allowed callback, built once;
      // null sends the tools part as built.
      tools: typeof req.allowed === "function" ? listTools(pr, req.allowed) : null,
    };
  }

  // listTools is the tools part of program pr listed again for an allowed
  // callback, as the Go package's listTools: the full descriptions it lets
  // through, then the named tools it lets through by capability group.
  function listTools(pr, allowed) {
    let out = "";
    for (const i of pr.toolsFull) {
      if (!allowed(data.tools[i].name)) continue;
      if (out !== "") out += "\n\n";
      out += data.tools[i].desc;
    }
    const named = pr.toolsNamed.filter((i) => allowed(data.tools[i].name));
    if (named.length === 0) return out;
    const groups = [...new Set(named.map((i) => data.tools[i].group))].sort(compareStrings);
    if (out !== "") out += "\n\n";
    out += data.toolsHeader;
    // As every part's text, the listing ends without a newline.
    out += groups.map((g) => "- " + g + ": " + named.filter((i) => data.tools[i].group === g).map((i) => data.tools[i].name).join(", ")).join("\n");
    return out;
  }

  function slotValue(slots, i) {
    const v = slots[data.slots[i].name];
    return typeof v === "string" ? v : "";
  }

  function runtimeValue(slots, i) {
    const v = slots[data.runtimePlaceholders[i].name];
    return typeof v === "string" ? v : "";
  }

  function whenHolds(i, c) {
    const w = data.whens[i];
    if (w.input < 0 && w.setting < 0) return w.family.includes(c.r.family);
    if (w.setting >= 0) return w.is.includes(c.r.settings[w.setting]);
    const input = data.inputs[w.input];
    const v = inputValue(c.inputs, input);
    if (w.is.length === 0) return v === true;
    return w.is.includes(v);
  }

  function textOf(it, r) {
    switch (it.kind) {
      case "line":
        return [families[r.family].line, families[r.family].lineSource];
      case "body":
        return [families[r.family].body, families[r.family].bodySource];
      case "note":
        if (r.note < 0) return null;
        return [families[r.family].notes[r.note].text, families[r.family].notes[r.note].source];
    }
    return [it.text, it.source];
  }

  // pieces returns an item's pieces for composition c and where its first
  // run-time placeholder is (in UTF-16 units of its text, -1 for none).
  function pieces(it, c) {
    const out = [];
    let hole = -1;
    if (it.cond >= 0 && !c.r.parts[it.cond]) return { out, hole };
    if (it.when >= 0 && !whenHolds(it.when, c)) return { out, hole };
    if (it.tools && c.tools !== null) {
      if (c.tools !== "") out.push(c.tools);
      return { out, hole };
    }
    switch (it.kind) {
      case "custom":
        if (c.custom !== "") out.push(c.custom);
        return { out, hole };
      case "slot": {
        const t = slotValue(c.slots, it.index);
        if (t !== "") out.push(t);
        return { out, hole };
      }
      case "template": {
        const t = renderTemplate(data.templates[it.index], templateData(c.inputs));
        if (t !== "") out.push(t);
        return { out, hole };
      }
    }
    const t = textOf(it, c.r);
    if (t === null) return { out, hole };
    let written = 0;
    for (const p of t[0]) {
      if (typeof p === "string") {
        out.push(p);
        written += p.length;
        continue;
      }
      const ph = data.placeholders[p];
      let v;
      if (ph.runtime >= 0) {
        v = runtimeValue(c.slots, ph.runtime);
        if (hole < 0) hole = written;
      } else if (ph.setting) {
        v = ph.bySetting[c.r.settings[ph.setting - 1]];
      } else {
        v = ph.values[c.r.family][c.r.note + 1];
      }
      if (v !== "") {
        out.push(v);
        written += v.length;
      }
    }
    return { out, hole };
  }

  function stable(it) {
    if (it.kind === "slot") return data.slots[it.index].stable;
    return !it.volatile;
  }

  // sepBefore is what goes between the non-empty section of the item
  // named prev and it: the after text declared for the two, else its
  // before, else the mode's separator.
  function sepBefore(it, wire, prev) {
    for (const [name, text] of it.after || []) {
      if (name === prev) return text;
    }
    return it.before !== null && it.before !== undefined ? it.before : wire.sep;
  }

  function partPieces(it, c) {
    try {
      return pieces(it, c);
    } catch (e) {
      if (e instanceof TemplateError) throw new PromptError("Request.Inputs", `part ${it.name}: ${e.message}`);
      throw e;
    }
  }

  function compose(req) {
    const c = composition(req);
    const texts = [];
    let size = 0;
    let cacheEnd = -1;
    let cacheSections = 0;
    let count = 0;
    let prev = "";
    for (const it of c.items) {
      const { out, hole } = partPieces(it, c);
      const t = out.join("");
      const sep = t.length > 0 && texts.length > 0 ? sepBefore(it, c.wire, prev) : "";
      if (cacheEnd < 0) {
        if (!stable(it)) {
          cacheEnd = size;
          cacheSections = count;
        } else if (hole >= 0 && t.length > 0) {
          cacheEnd = size + sep.length + hole;
          cacheSections = count;
        } else if (hole >= 0) {
          cacheEnd = size;
          cacheSections = count;
        }
      }
      if (t.length > 0) {
        texts.push(sep, t);
        size += sep.length + t.length;
        count++;
        prev = it.name;
      }
    }
    if (texts.length > 0) {
      texts.push(c.wire.end);
      size += c.wire.end.length;
    }
    if (cacheEnd < 0) {
      cacheEnd = size;
      cacheSections = count;
    }
    const text = texts.join("");
    return { text, cacheEnd, cacheEndBytes: utf8Length(text.slice(0, cacheEnd)), cacheSections, customFallback: c.fallback };
  }

  function sections(req) {
    const c = composition(req);
    const out = [];
    for (const it of c.items) {
      const { out: ps, hole } = partPieces(it, c);
      const t = ps.join("");
      if (t === "") continue;
      let source = it.source;
      if (it.kind === "line" || it.kind === "body" || it.kind === "note") source = textOf(it, c.r)[1];
      if (it.kind === "custom") source = c.customSource;
      if (it.kind === "slot") source = "";
      out.push({ name: it.name, text: t, source, slot: it.kind === "slot", stable: stable(it) && hole < 0, before: out.length > 0 ? sepBefore(it, c.wire, out[out.length - 1].name) : "" });
    }
    return out;
  }

  function resolve(req) {
    req = req || {};
    const fam = req.family;
    if (!isAuto(fam) && !families.some((f) => f.name === fam)) {
      throw selectionErrors({ family: fam })[0];
    }
    const r = choose(req);
    const settings = {};
    data.settings.forEach((s, i) => {
      settings[s.name] = s.values[r.settings[i]];
    });
    return {
      family: families[r.family].name,
      forced: !isAuto(fam),
      note: r.note >= 0 ? families[r.family].notes[r.note].label : "",
      modelId: r.id,
      settings,
    };
  }

  // inputValue is input's value in inputs as the Go package's Inputs
  // holds it: of its type, else at its zero value (false, "", no item),
  // every field of its records present.
  function inputValue(inputs, input) {
    return zeroed(input, inputs[input.name]);
  }

  // zeroed is v as a value of input or field shape: of its type, else at
  // its zero value; a record's and a list item's fields, to any depth, the
  // same way.
  function zeroed(shape, v) {
    switch (shape.type) {
      case "bool":
        return v === true;
      case "list":
        return Array.isArray(v) ? v.map((item) => record(shape, item)) : [];
      case "record":
        return record(shape, v);
    }
    return typeof v === "string" ? v : "";
  }

  function record(shape, v) {
    const obj = v !== null && typeof v === "object" && !Array.isArray(v) ? v : {};
    const rec = {};
    for (const f of shape.fields) rec[f.name] = zeroed(f, Object.prototype.hasOwnProperty.call(obj, f.name) ? obj[f.name] : undefined);
    return rec;
  }

  // templateData is the inputs as the Go package's Inputs holds them:
  // every input and every record field present, at its zero value when
  // the request leaves it out.
  function templateData(inputs) {
    const out = {};
    for (const input of data.inputs) out[input.name] = inputValue(inputs, input);
    return out;
  }

  // checkValue adds to errs Validate's errors about v, the value (as
  // inputValue gives it) of input or field shape named path, reported
  // for the request field field: a list's fields field by field, item
  // by item, as the Go package checks them.
  function checkValue(shape, v, path, field, errs) {
    switch (shape.type) {
      case "string":
        if (!validUTF8(v)) errs.push(new PromptError(field, `${path} is not valid UTF-8`));
        else if (shape.limitChars >= 0 && runeCount(v) > shape.limitChars) errs.push(new PromptError(field, `${path} has ${runeCount(v)} characters, over its limit of ${shape.limitChars}`));
        return;
      case "enum":
        if (v !== "" && !shape.values.includes(v)) errs.push(new PromptError(field, `${path} is ${goQuote(v)}, not one of its values (${shape.values.join(", ")})`));
        return;
      case "list":
        if (shape.limitItems >= 0 && v.length > shape.limitItems) errs.push(new PromptError(field, `${path} has ${v.length} items, over its limit of ${shape.limitItems}`));
        for (const f of shape.fields) v.forEach((item, i) => checkValue(f, item[f.name], `${path}[${i}].${f.name}`, field, errs));
        return;
      case "record":
        for (const f of shape.fields) checkValue(f, v[f.name], `${path}.${f.name}`, field, errs);
    }
  }

  // nestedFields adds the Field of every field of shape's records, to any
  // depth, named by its path from the input (Config.Options.Name,
  // Files[].Path).
  function nestedFields(shape, path, stable, add) {
    for (const f of shape.fields) {
      const p = shape.type === "list" ? `${path}[].${f.name}` : `${path}.${f.name}`;
      add(inputField(p, f, stable));
      nestedFields(f, p, stable, add);
    }
  }

  // inputField is the Field of input or field shape, named name: its
  // planning, typical and limit figures, 0 where it has none.
  function inputField(name, shape, stable) {
    return {
      name, placeholder: false, input: true,
      maxChars: Math.max(shape.maxChars, 0), typicalChars: shape.typicalChars, limitChars: Math.max(shape.limitChars, 0),
      maxItems: Math.max(shape.maxItems, 0), typicalItems: shape.typicalItems, limitItems: Math.max(shape.limitItems, 0),
      stable,
    };
  }

  // checkType adds to errs the errors of v, the value as given of input
  // or field shape named path, that the Go package's types rule out: a
  // value of another type, a record field that is not declared. null (or
  // undefined) is a value not given. It reports whether v had none.
  function checkType(shape, v, path, field, errs) {
    if (v === null || v === undefined) return true;
    const n = errs.length;
    switch (shape.type) {
      case "bool":
        if (typeof v !== "boolean") errs.push(new PromptError(field, `${path} is a bool: give true or false, not ${describe(v)}`));
        break;
      case "list":
        if (!Array.isArray(v)) errs.push(new PromptError(field, `${path} is a list: give an array of records, not ${describe(v)}`));
        else v.forEach((item, i) => checkRecord(shape, item, `${path}[${i}]`, field, errs));
        break;
      case "record":
        checkRecord(shape, v, path, field, errs);
        break;
      default:
        if (typeof v !== "string") errs.push(new PromptError(field, `${path} is ${shape.type === "enum" ? "an enum" : "a string"}: give a string, not ${describe(v)}`));
    }
    return errs.length === n;
  }

  // checkRecord is checkType for a record, or a list's item, of shape.
  function checkRecord(shape, v, path, field, errs) {
    if (v === null || v === undefined) return;
    const names = shape.fields.map((f) => f.name);
    if (typeof v !== "object" || Array.isArray(v)) {
      errs.push(new PromptError(field, `${path} is ${describe(v)}, not an object of fields (${names.join(", ")})`));
      return;
    }
    for (const k of Object.keys(v).sort(compareStrings)) {
      if (!names.includes(k)) errs.push(new PromptError(field, `${path} has field ${k}, which is not declared (fields: ${names.join(", ")})`));
    }
    for (const f of shape.fields) checkType(f, v[f.name], `${path}.${f.name}`, field, errs);
  }

  function validate(req) {
    req = req || {};
    const errs = selectionErrors(req);
    const slots = req.slots || {};
    data.slots.forEach((s, i) => {
      const n = runeCount(slotValue(slots, i));
      if (s.maxChars > 0 && n > s.maxChars) errs.push(new PromptError("Request.Slots", `slot ${s.name} has ${n} characters, over its limit of ${s.maxChars}`));
    });
    data.runtimePlaceholders.forEach((p, i) => {
      const n = runeCount(runtimeValue(slots, i));
      if (n > p.maxChars) errs.push(new PromptError("Request.Slots", `placeholder ${p.name} has ${n} characters, over its limit of ${p.maxChars}`));
    });
    // What the Go package's types rule out: a name that is not declared,
    // a value of another type.
    const slotNames = data.slots.map((s) => s.name).concat(data.runtimePlaceholders.map((p) => p.name));
    for (const k of Object.keys(slots).sort(compareStrings)) {
      const v = slots[k];
      if (v === null || v === undefined) continue;
      if (!slotNames.includes(k)) errs.push(new PromptError("Request.Slots", `Request.Slots: ${goQuote(k)} is not a slot or a run-time placeholder (valid: ${slotNames.join(", ")})`));
      else if (typeof v !== "string") errs.push(new PromptError("Request.Slots", `Request.Slots: ${k} is text: give a string, not ${describe(v)}`));
    }
    const inputs = req.inputs || {};
    for (const input of data.inputs) {
      const field = `Request.Inputs.${input.name}`;
      if (checkType(input, inputs[input.name], field, field, errs)) checkValue(input, inputValue(inputs, input), field, field, errs);
    }
    const inputNames = data.inputs.map((x) => x.name);
    for (const k of Object.keys(inputs).sort(compareStrings)) {
      if (!inputNames.includes(k) && inputs[k] !== null && inputs[k] !== undefined) {
        errs.push(new PromptError(`Request.Inputs.${k}`, `Request.Inputs.${k} is not an input (${inputNames.length > 0 ? "inputs: " + inputNames.join(", ") : "none is declared"})`));
      }
    }
    if (parseMode(req.mode) === -1 && !req.custom) {
      errs.push(new PromptError("Request.Custom", "Request.Custom: the custom mode needs the Request's custom, from loadCustom"));
    }
    return errs;
  }

  function fields(req) {
    const c = composition(req);
    const out = [];
    const add = (f) => {
      if (!out.some((g) => g.name === f.name && g.placeholder === f.placeholder && g.input === f.input)) out.push(f);
    };
    for (const it of c.items) {
      if (it.cond >= 0 && !c.r.parts[it.cond]) continue;
      for (const i of it.reads) {
        const input = data.inputs[i];
        add(inputField(input.name, input, input.stable));
        nestedFields(input, input.name, input.stable, add);
      }
      if (it.kind === "slot") {
        const s = data.slots[it.index];
        add({ name: s.name, placeholder: false, input: false, maxChars: s.maxChars, typicalChars: s.maxChars, limitChars: s.maxChars, maxItems: 0, typicalItems: 0, limitItems: 0, stable: s.stable });
        continue;
      }
      if (it.kind === "custom" || it.kind === "template") continue;
      const t = textOf(it, c.r);
      if (t === null) continue;
      for (const p of t[0]) {
        if (typeof p === "string") continue;
        const ph = data.placeholders[p];
        if (ph.runtime >= 0) {
          const f = data.runtimePlaceholders[ph.runtime];
          add({ name: f.name, placeholder: true, input: false, maxChars: f.maxChars, typicalChars: f.maxChars, limitChars: f.maxChars, maxItems: 0, typicalItems: 0, limitItems: 0, stable: false });
        }
      }
    }
    return out;
  }

  function costNotice(req) {
    const c = composition(req);
    const modeName = c.mode === -1 ? customName : modes[c.mode].name;
    if (c.mode === -1) return { mode: modeName, tokens: 0, overFocus: 0, line: "", warning: "", text: "" };
    const pr = programs[program(req || {})];
    // The values of the settings a when condition tests, as one number in
    // mixed radix, then the subset of the mode's conditional parts.
    let sub = 0;
    for (const si of data.noticeSettings) sub = sub * data.settings[si].values.length + c.r.settings[si];
    sub *= 2 ** pr.noticeConds[c.mode].length;
    pr.noticeConds[c.mode].forEach((cond, j) => {
      if (c.r.parts[cond]) sub |= 1 << j;
    });
    const d = pr.notices[c.r.family][c.r.note + 1][c.mode][sub];
    return { mode: modeName, tokens: d.tokens, overFocus: d.over, line: d.line, warning: modes[c.mode].warning, text: d.text };
  }

  // capabilityLine is the Go package's Request.CapabilityLine: the tools
  // the line names that the request's program has and its allowed callback
  // lets through, listed ones then deferred ones.
  function capabilityLine(req) {
    req = req || {};
    const errs = selectionErrors(req);
    if (errs.length > 0) throw errs[0];
    if (!data.capability) return "";
    const pr = programs[program(req)];
    const groups = [[], []];
    pr.capabilityTools.forEach((t, i) => {
      if (typeof req.allowed === "function" && !req.allowed(t)) return;
      groups[pr.capabilityListed[i] ? 0 : 1].push(t);
    });
    const parts = [];
    [data.capability.listed, data.capability.deferred].forEach((words, k) => {
      if (groups[k].length > 0) parts.push(words + groups[k].join(", ") + ".");
    });
    return parts.join(" ");
  }

  function toolsOf(permits) {
    return data.tools.filter((_, i) => !permits || permits[i]).map((t) => ({ name: t.name, group: t.group, write: t.write }));
  }

  function permitsOf(permission) {
    if (!permissions) return null;
    const i = permission === undefined ? 0 : permissions.indexOf(permission);
    if (i < 0) throw selectionErrors({ permission })[0];
    return data.toolPermits[i];
  }

  // modesFor is the Go package's ModesFor: the modes a picker offers, the
  // custom mode last when its file is usable.
  function modesFor(custom) {
    const out = modes.map((m) => m.name);
    if (customName !== null && custom && custom.usable) out.push(customName);
    return out;
  }

  return {
    modes: () => modes.map((m) => m.name),
    modesFor,
    // nextMode is the Go package's NextMode: the mode after mode in
    // modesFor(custom), wrapping around; "" is the default mode, and a mode
    // not offered is followed by the first.
    nextMode(mode, custom) {
      const ms = modesFor(custom);
      const i = ms.indexOf(mode === undefined || mode === "" ? modes[data.defaultMode].name : mode);
      return i >= 0 ? ms[(i + 1) % ms.length] : ms[0];
    },
    defaultMode: modes[data.defaultMode].name,
    families: () => families.map((f) => f.name),
    fallbackFamily: families[data.fallbackFamily].name,
    profiles: () => (profiles ? profiles.slice() : []),
    permissions: () => (permissions ? permissions.slice() : []),
    parseMode(name) {
      const m = parseMode(name);
      if (m === null || name === "") throw selectionErrors({ mode: name === "" ? "\u0000" : name })[0];
      return m === -1 ? customName : modes[m].name;
    },
    modeDescription: (name) => {
      if (name === customName && data.custom) return data.custom.description;
      const m = modes.find((x) => x.name === name);
      return m ? m.description : "";
    },
    separator: (name) => (name === customName ? otherWire.sep : modes[parseMode(name)].sep),
    end: (name) => (name === customName ? otherWire.end : modes[parseMode(name)].end),
    compose,
    sections,
    resolve,
    validate,
    fields,
    costNotice,
    capabilityLine,
    tools: (permission) => toolsOf(permitsOf(permission)),
    permits(permission, tool) {
      const permits = permitsOf(permission);
      const i = data.tools.findIndex((t) => t.name === tool);
      return i >= 0 && (!permits || permits[i]);
    },
  };
}

/** A template part's failure to render. */
export class TemplateError extends Error {}

// The interpreter of template parts: text/template's semantics over the
// parse tree promptc checked and shipped (see compiler/portable).

const BREAK = { brk: true };
const CONTINUE = { cont: true };

function kindOf(v) {
  if (v === null || v === undefined) return "nil";
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number") return "int";
  if (Array.isArray(v)) return "list";
  return "struct";
}

function truth(v) {
  switch (kindOf(v)) {
    case "nil":
      return false;
    case "string":
      return v.length > 0;
    case "bool":
      return v;
    case "int":
      return v !== 0;
    case "list":
      return v.length > 0;
  }
  return true;
}

// format prints a value as fmt's %v does for the kinds templates hold.
function format(v) {
  switch (kindOf(v)) {
    case "nil":
      return "<nil>";
    case "string":
      return v;
    case "bool":
    case "int":
      return String(v);
  }
  throw new TemplateError("cannot print a list or a record");
}

// goQuote quotes s as Go's %q verb (strconv.Quote) does, which the Go
// package's messages use: printable characters as they are, the usual
// escapes, other control characters as \xHH, other characters that are
// not printable (spaces other than U+0020, format characters) as \uHHHH
// or \UHHHHHHHH. A value that is no string is written as JSON.
function goQuote(s) {
  if (typeof s !== "string") return JSON.stringify(s);
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0);
    if (ch === '"' || ch === "\\") out += "\\" + ch;
    else if (ch === " " || /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(ch)) out += ch;
    else if (goEscapes[c] !== undefined) out += goEscapes[c];
    else if (c < 0x20 || c === 0x7f) out += "\\x" + c.toString(16).padStart(2, "0");
    else if (c < 0x10000) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += "\\U" + c.toString(16).padStart(8, "0");
  }
  return out + '"';
}

const goEscapes = { 7: "\\a", 8: "\\b", 12: "\\f", 10: "\\n", 13: "\\r", 9: "\\t", 11: "\\v" };

// describe names the JSON type of v for a message: a string, a bool, a
// number, a list or an object.
function describe(v) {
  if (Array.isArray(v)) return "a list";
  switch (typeof v) {
    case "string":
      return "a string";
    case "boolean":
      return "a bool";
    case "number":
    case "bigint":
      return "a number";
  }
  return "an object";
}

// compareStrings orders two strings by code point, as Go orders bytes.
function compareStrings(a, b) {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

function basicEq(a, b) {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka !== kb) throw new TemplateError("error calling eq: incompatible types for comparison");
  if (ka === "list" || ka === "nil") throw new TemplateError("error calling eq: invalid type for comparison");
  if (ka === "struct") return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

function less(name, a, b) {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka !== "string" && ka !== "int") throw new TemplateError(`error calling ${name}: invalid type for comparison`);
  if (ka !== kb) throw new TemplateError(`error calling ${name}: incompatible types for comparison`);
  return ka === "string" ? compareStrings(a, b) < 0 : a < b;
}

function printf(fmt, args) {
  let out = "";
  let n = 0;
  const typeName = (v) => ({ string: "string", bool: "bool", int: "int" })[kindOf(v)] || "<nil>";
  for (let i = 0; i < fmt.length; i++) {
    const ch = fmt[i];
    if (ch !== "%" || i + 1 >= fmt.length) {
      out += ch === "%" ? "%!(NOVERB)" : ch;
      continue;
    }
    const verb = fmt[++i];
    if (verb === "%") {
      out += "%";
      continue;
    }
    if (n >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    const a = args[n++];
    const k = kindOf(a);
    if (verb === "v" || (verb === "s" && k === "string") || (verb === "d" && k === "int") || (verb === "t" && k === "bool")) out += format(a);
    else if (k === "nil") out += `%!${verb}(<nil>)`;
    else out += `%!${verb}(${typeName(a)}=${format(a)})`;
  }
  if (n < args.length) {
    out += "%!(EXTRA " + args.slice(n).map((a) => (kindOf(a) === "nil" ? "<nil>" : `${typeName(a)}=${format(a)}`)).join(", ") + ")";
  }
  return out;
}

function sprint(args) {
  let out = "";
  args.forEach((a, i) => {
    if (i > 0 && kindOf(a) !== "string" && kindOf(args[i - 1]) !== "string") out += " ";
    out += format(a);
  });
  return out;
}

// renderMaxBytes is the most bytes any template part renders, whatever
// its bound, as in the Go package.
const renderMaxBytes = 64 << 20;

/**
 * Renders a template part (name, tree and max, the most characters it
 * renders for inputs validate accepts) with the inputs. A rendering that
 * would pass max characters (or renderMaxBytes bytes) stops with an
 * error, as the Go package's does; a template without max (one reading an
 * input without a declared limit) is bounded by renderMaxBytes alone.
 */
export function renderTemplate(tmpl, inputs) {
  const vars = [["$", inputs]];
  let out = "";
  const maxChars = typeof tmpl.max === "number" ? tmpl.max : Infinity;
  let chars = 0;
  let bytes = 0;
  // write appends one piece as text/template writes it, whole, counting
  // its characters and bytes against the bounds.
  const write = (s) => {
    const n = runeCount(s);
    const b = utf8Length(s);
    if (chars + n > maxChars || bytes + b > renderMaxBytes) {
      if (maxChars === Infinity) throw new TemplateError(`template ${tmpl.name}: the rendering passes ${renderMaxBytes >> 20} MiB, the most a template part may render`);
      throw new TemplateError(`template ${tmpl.name}: the rendering passes its bound of ${maxChars} characters (${renderMaxBytes >> 20} MiB at most); the inputs are over the limits Validate checks`);
    }
    chars += n;
    bytes += b;
    out += s;
  };
  const lookup = (name) => {
    for (let i = vars.length - 1; i >= 0; i--) if (vars[i][0] === name) return i;
    throw new TemplateError(`undefined variable: ${name}`);
  };
  const field = (v, names) => {
    for (const n of names) {
      if (kindOf(v) !== "struct") throw new TemplateError(`can't evaluate field ${n} in type ${kindOf(v)}`);
      v = Object.prototype.hasOwnProperty.call(v, n) ? v[n] : null;
    }
    return v;
  };
  const callFunc = (name, argNodes, dot, final) => {
    const args = () => {
      const a = argNodes.map((x) => arg(x, dot));
      if (final !== undefined) a.push(final);
      return a;
    };
    switch (name) {
      case "and":
      case "or": {
        const nodes = argNodes.slice();
        const n = nodes.length + (final !== undefined ? 1 : 0);
        if (n < 1) throw new TemplateError(`wrong number of args for ${name}: want at least 1 got 0`);
        let v;
        for (let i = 0; i < n; i++) {
          v = i < nodes.length ? arg(nodes[i], dot) : final;
          if (truth(v) !== (name === "and")) return v;
        }
        return v;
      }
      case "not": {
        const a = args();
        if (a.length !== 1) throw new TemplateError(`wrong number of args for not: want 1 got ${a.length}`);
        return !truth(a[0]);
      }
      case "len": {
        const a = args();
        if (a.length !== 1) throw new TemplateError(`wrong number of args for len: want 1 got ${a.length}`);
        if (kindOf(a[0]) === "string") return utf8Length(a[0]);
        if (kindOf(a[0]) === "list") return a[0].length;
        throw new TemplateError(`error calling len: len of type ${kindOf(a[0])}`);
      }
      case "eq":
      case "ne": {
        const a = args();
        if (a.length < 2) throw new TemplateError(`error calling ${name}: missing argument for comparison`);
        let eq = false;
        for (const b of a.slice(1)) {
          if (basicEq(a[0], b)) {
            eq = true;
            if (name === "eq") break;
          }
          if (name === "ne") break;
        }
        return name === "eq" ? eq : !eq;
      }
      case "lt":
      case "le":
      case "gt":
      case "ge": {
        const a = args();
        if (a.length !== 2) throw new TemplateError(`wrong number of args for ${name}: want 2 got ${a.length}`);
        const [x, y] = a;
        if (name === "lt") return less(name, x, y);
        if (name === "ge") return !less(name, x, y);
        const eq = basicEq(x, y);
        if (name === "le") return eq || less(name, x, y);
        return !eq && !less(name, x, y);
      }
      case "print":
        return sprint(args());
      case "println":
        return args().map(format).join(" ") + "\n";
      case "printf": {
        const a = args();
        return printf(a[0], a.slice(1));
      }
    }
    throw new TemplateError(`function ${JSON.stringify(name)} not defined`);
  };
  const arg = (a, dot) => {
    switch (a[0]) {
      case "dot":
        return dot;
      case "field":
        return field(dot, a[1]);
      case "var":
        return field(vars[lookup(a[1])][1], a[2]);
      case "chain":
        return field(arg(a[1], dot), a[2]);
      case "pipe": {
        const mark = vars.length;
        const v = pipe(a[1], dot);
        vars.length = mark;
        return v;
      }
      case "string":
      case "int":
      case "bool":
        return a[1];
      case "nil":
        return null;
      case "func":
        return callFunc(a[1], [], dot, undefined);
    }
    throw new TemplateError(`unknown node ${a[0]}`);
  };
  const command = (cmd, dot, final) => {
    const first = cmd[0];
    if (first[0] === "func") return callFunc(first[1], cmd.slice(1), dot, final);
    if (cmd.length > 1 || final !== undefined) throw new TemplateError(`can't give argument to non-function ${first[0]}`);
    if (first[0] === "nil") throw new TemplateError("nil is not a command");
    return arg(first, dot);
  };
  const pipe = (p, dot) => {
    let v;
    p.cmds.forEach((cmd, i) => {
      v = command(cmd, dot, i > 0 ? v : undefined);
    });
    for (const d of p.decl) {
      if (p.assign) vars[lookup(d)][1] = v;
      else vars.push([d, v]);
    }
    return v;
  };
  const walk = (list, dot) => {
    for (const n of list) {
      switch (n[0]) {
        case "text":
          write(n[1]);
          break;
        case "action": {
          const mark = vars.length;
          const v = pipe(n[1], dot);
          if (n[1].decl.length === 0) write(v === null || v === undefined ? "<no value>" : format(v));
          // A declaration stays in scope to the end of the list.
          if (n[1].decl.length === 0) vars.length = mark;
          break;
        }
        case "if":
        case "with": {
          const mark = vars.length;
          const v = pipe(n[1], dot);
          let r;
          if (truth(v)) r = walk(n[2], n[0] === "with" ? v : dot);
          else r = walk(n[3], dot);
          vars.length = mark;
          if (r) return r;
          break;
        }
        case "range": {
          const mark = vars.length;
          const v = pipe(n[1], dot);
          vars.length = mark;
          const k = kindOf(v);
          if (k !== "list" && k !== "nil") throw new TemplateError(`range can't iterate over ${format(v)}`);
          const items = k === "list" ? v : [];
          if (items.length === 0) {
            const r = walk(n[3], dot);
            vars.length = mark;
            if (r) return r;
            break;
          }
          for (let i = 0; i < items.length; i++) {
            const m = vars.length;
            if (n[1].decl.length === 1) vars.push([n[1].decl[0], items[i]]);
            else if (n[1].decl.length === 2) vars.push([n[1].decl[0], i], [n[1].decl[1], items[i]]);
            const r = walk(n[2], items[i]);
            vars.length = m;
            if (r === BREAK) break;
          }
          vars.length = mark;
          break;
        }
        case "break":
          return BREAK;
        case "continue":
          return CONTINUE;
      }
    }
    return null;
  };
  walk(tmpl.tree, inputs);
  return out;
}
