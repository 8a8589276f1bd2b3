package telephonytest

import (
	"encoding/xml"
	"fmt"
	"strings"
)

// Node is a parsed TwiML (XML) element with its attributes in a map, so
// that documents compare equal whatever order twilio-go wrote the
// attributes in (it changes from run to run): tests compare structure,
// never text.
type Node struct {
	Name  string
	Attrs map[string]string
	Text  string // the element's own character data, trimmed
	Kids  []Node
}

// El builds a Node, for comparing a parsed document with the one expected.
func El(name string, attrs map[string]string, text string, kids ...Node) Node {
	return Node{Name: name, Attrs: attrs, Text: text, Kids: kids}
}

// Attr returns the attribute name, or "".
func (n Node) Attr(name string) string { return n.Attrs[name] }

// UnmarshalXML reads an element and everything in it.
func (n *Node) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	n.Name = start.Name.Local
	for _, a := range start.Attr {
		if n.Attrs == nil {
			n.Attrs = map[string]string{}
		}
		n.Attrs[a.Name.Local] = a.Value
	}
	for {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			var kid Node
			if err := kid.UnmarshalXML(d, tok); err != nil {
				return err
			}
			n.Kids = append(n.Kids, kid)
		case xml.CharData:
			n.Text += strings.TrimSpace(string(tok))
		case xml.EndElement:
			return nil
		}
	}
}

// ParseTwiML parses a TwiML document, which must be a <Response>.
func ParseTwiML(doc []byte) (Node, error) {
	var n Node
	if err := xml.Unmarshal(doc, &n); err != nil {
		return Node{}, fmt.Errorf("parsing TwiML %q: %w", doc, err)
	}
	if n.Name != "Response" {
		return Node{}, fmt.Errorf("TwiML root is <%s>, not <Response>: %s", n.Name, doc)
	}
	return n, nil
}
