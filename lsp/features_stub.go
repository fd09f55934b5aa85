package lsp

func (s *Server) definition(p *textDocumentPositionParams) any { return nil }
func (s *Server) references(p *referenceParams) any            { return nil }
func (s *Server) completion(p *textDocumentPositionParams) any { return nil }
func (s *Server) codeActions(p *codeActionParams) any          { return nil }
func (s *Server) codeLenses(p *codeLensParams) any             { return nil }
