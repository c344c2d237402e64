/** The little of jsdom's API the unit tests use (it ships no types, and this project compiles without the DOM's). */
declare module 'jsdom' {
  interface DomNode {
    readonly textContent: string | null;
    readonly parentElement: DomElement | null;
    readonly nodeType: number;
    readonly childNodes: ArrayLike<DomNode>;
  }
  interface DomElement extends DomNode {
    readonly tagName: string;
    closest(selector: string): DomElement | null;
    getAttribute(name: string): string | null;
  }
  interface DomDocument {
    readonly body: DomElement;
    querySelector(selector: string): DomElement | null;
    querySelectorAll(selector: string): ArrayLike<DomElement> & Iterable<DomElement>;
    createTreeWalker(root: DomElement, whatToShow: number): { nextNode(): DomNode | null };
  }
  interface DomWindow {
    readonly document: DomDocument;
    readonly NodeFilter: { readonly SHOW_TEXT: number };
  }
  export class JSDOM {
    /** `contentType: 'image/svg+xml'` parses XML, and throws when it is not well-formed. */
    constructor(html?: string, options?: { contentType?: string });
    readonly window: DomWindow;
  }
}
