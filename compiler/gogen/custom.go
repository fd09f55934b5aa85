package gogen

// renderCustom emits the custom mode's items and its loader when the
// project configures one, and the items function every composition uses.
func (g *gen) renderCustom() {
	c := g.p.Config.Custom
	if c == nil {
		g.pf("\n// itemsOf returns what mode sends in profile pr.\nfunc itemsOf(pr int, mode Mode) []item { return modeItems[pr][mode.index()] }\n\n")
		g.pf("// customFallback is the text of an itemCustom: there is none here.\nconst customFallback = \"\"\n\n")
		g.pf("func customSource() string { return \"\" }\n\n")
		return
	}
	fallback, fallbackSrc := "", ""
	if part := g.p.Parts[c.Fallback.Name]; part != nil {
		fallback, fallbackSrc = part.Text, src(part.Pos.Path, part.Pos.Line, part.Text)
	}
	g.pf("\n// CustomFile is the custom mode's file, relative to the project directory:\n// the path to give LoadCustom.\nconst CustomFile = %q\n\n", c.File)
	g.pf("// CustomMaxBytes is the largest custom file LoadCustom accepts.\nconst CustomMaxBytes = %d\n\n", c.MaxBytes)
	g.pf("// customFallback is sent when the custom file cannot be used: the small\n// boundary (part %s), never another mode.\nvar customFallback = texts[%d]\n\n", c.Fallback.Name, g.text(fallback))
	g.pf("// customFallbackSource is where the fallback text comes from.\nconst customFallbackSource = %q\n\n", fallbackSrc)
	g.pf("// customSource is the source of the custom mode composed without a file.\nfunc customSource() string { return customFallbackSource }\n\n")
	g.pf("// customItems lists what the custom mode sends, per profile: the user's\n// text (or the fallback), then the slots every mode sends and the parts\n// of custom.carry.\nvar customItems = [len(modeItems)][]item{\n")
	for pi, items := range g.custom {
		g.pf("\t// profile %s\n\t{\n", g.profileName(pi))
		for _, it := range items {
			g.printItem(it)
		}
		g.pf("\t},\n")
	}
	g.pf("}\n\n")
	g.pf("// itemsOf returns what mode sends in profile pr.\nfunc itemsOf(pr int, mode Mode) []item {\n\tif mode == ModeCustom {\n\t\treturn customItems[pr][:]\n\t}\n\treturn modeItems[pr][mode.index()]\n}\n\n")
}

// renderInstructions emits the data of the instruction-file loader when
// the project declares instructions: its default files, whether it
// expands includes, and the project's include limits.
func (g *gen) renderInstructions() {
	in := g.p.Config.Instructions
	if in == nil {
		return
	}
	lim := g.p.Config.Includes
	g.pf("// InstructionFiles returns the instruction files LoadInstructions reads\n// when the harness names none (instructions.files), a new slice each call.\nfunc InstructionFiles() []string { return %#v }\n\n", append([]string{}, in.Files...))
	g.pf("// instructionIncludes is instructions.includes: whether LoadInstructions\n// expands @include lines.\nconst instructionIncludes = %t\n\n", in.Includes && lim.Enabled)
	g.pf("// instructionLimits are the project's includes: limits.\nvar instructionLimits = incLimits{MaxDepth: %d, MaxFiles: %d, MaxTotalChars: %d, MaxFileChars: %d}\n\n",
		lim.MaxDepth, lim.MaxFiles, lim.MaxTotalChars, lim.MaxFileChars)
}
