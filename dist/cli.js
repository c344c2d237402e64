#!/usr/bin/env node
import { createRequire as __pgCreateRequire } from 'node:module'; const require = __pgCreateRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/yaml/dist/nodes/identity.js
var require_identity = __commonJS({
  "node_modules/yaml/dist/nodes/identity.js"(exports) {
    "use strict";
    var ALIAS = /* @__PURE__ */ Symbol.for("yaml.alias");
    var DOC = /* @__PURE__ */ Symbol.for("yaml.document");
    var MAP = /* @__PURE__ */ Symbol.for("yaml.map");
    var PAIR = /* @__PURE__ */ Symbol.for("yaml.pair");
    var SCALAR = /* @__PURE__ */ Symbol.for("yaml.scalar");
    var SEQ = /* @__PURE__ */ Symbol.for("yaml.seq");
    var NODE_TYPE = /* @__PURE__ */ Symbol.for("yaml.node.type");
    var isAlias2 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === ALIAS;
    var isDocument = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === DOC;
    var isMap2 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === MAP;
    var isPair = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === PAIR;
    var isScalar2 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SCALAR;
    var isSeq2 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SEQ;
    function isCollection(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case MAP:
          case SEQ:
            return true;
        }
      return false;
    }
    function isNode(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case ALIAS:
          case MAP:
          case SCALAR:
          case SEQ:
            return true;
        }
      return false;
    }
    var hasAnchor = (node) => (isScalar2(node) || isCollection(node)) && !!node.anchor;
    exports.ALIAS = ALIAS;
    exports.DOC = DOC;
    exports.MAP = MAP;
    exports.NODE_TYPE = NODE_TYPE;
    exports.PAIR = PAIR;
    exports.SCALAR = SCALAR;
    exports.SEQ = SEQ;
    exports.hasAnchor = hasAnchor;
    exports.isAlias = isAlias2;
    exports.isCollection = isCollection;
    exports.isDocument = isDocument;
    exports.isMap = isMap2;
    exports.isNode = isNode;
    exports.isPair = isPair;
    exports.isScalar = isScalar2;
    exports.isSeq = isSeq2;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports) {
    "use strict";
    var identity = require_identity();
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        visit_(null, node, visitor_, Object.freeze([]));
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    function visit_(key, node, visitor, path) {
      const ctrl = callVisitor(key, node, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visit_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = visit_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = visit_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = visit_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    async function visitAsync(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = await visitAsync_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        await visitAsync_(null, node, visitor_, Object.freeze([]));
    }
    visitAsync.BREAK = BREAK;
    visitAsync.SKIP = SKIP;
    visitAsync.REMOVE = REMOVE;
    async function visitAsync_(key, node, visitor, path) {
      const ctrl = await callVisitor(key, node, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visitAsync_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = await visitAsync_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = await visitAsync_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = await visitAsync_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    function initVisitor(visitor) {
      if (typeof visitor === "object" && (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
          Alias: visitor.Node,
          Map: visitor.Node,
          Scalar: visitor.Node,
          Seq: visitor.Node
        }, visitor.Value && {
          Map: visitor.Value,
          Scalar: visitor.Value,
          Seq: visitor.Value
        }, visitor.Collection && {
          Map: visitor.Collection,
          Seq: visitor.Collection
        }, visitor);
      }
      return visitor;
    }
    function callVisitor(key, node, visitor, path) {
      if (typeof visitor === "function")
        return visitor(key, node, path);
      if (identity.isMap(node))
        return visitor.Map?.(key, node, path);
      if (identity.isSeq(node))
        return visitor.Seq?.(key, node, path);
      if (identity.isPair(node))
        return visitor.Pair?.(key, node, path);
      if (identity.isScalar(node))
        return visitor.Scalar?.(key, node, path);
      if (identity.isAlias(node))
        return visitor.Alias?.(key, node, path);
      return void 0;
    }
    function replaceNode(key, path, node) {
      const parent = path[path.length - 1];
      if (identity.isCollection(parent)) {
        parent.items[key] = node;
      } else if (identity.isPair(parent)) {
        if (key === "key")
          parent.key = node;
        else
          parent.value = node;
      } else if (identity.isDocument(parent)) {
        parent.contents = node;
      } else {
        const pt = identity.isAlias(parent) ? "alias" : "scalar";
        throw new Error(`Cannot replace node with ${pt} parent`);
      }
    }
    exports.visit = visit;
    exports.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit = require_visit();
    var escapeChars = {
      "!": "%21",
      ",": "%2C",
      "[": "%5B",
      "]": "%5D",
      "{": "%7B",
      "}": "%7D"
    };
    var escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, (ch) => escapeChars[ch]);
    var Directives = class _Directives {
      constructor(yaml, tags) {
        this.docStart = null;
        this.docEnd = false;
        this.yaml = Object.assign({}, _Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, _Directives.defaultTags, tags);
      }
      clone() {
        const copy = new _Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
      }
      /**
       * During parsing, get a Directives instance for the current document and
       * update the stream state according to the current version's spec.
       */
      atDocument() {
        const res = new _Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
          case "1.1":
            this.atNextDocument = true;
            break;
          case "1.2":
            this.atNextDocument = false;
            this.yaml = {
              explicit: _Directives.defaultYaml.explicit,
              version: "1.2"
            };
            this.tags = Object.assign({}, _Directives.defaultTags);
            break;
        }
        return res;
      }
      /**
       * @param onError - May be called even if the action was successful
       * @returns `true` on success
       */
      add(line, onError) {
        if (this.atNextDocument) {
          this.yaml = { explicit: _Directives.defaultYaml.explicit, version: "1.1" };
          this.tags = Object.assign({}, _Directives.defaultTags);
          this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
          case "%TAG": {
            if (parts.length !== 2) {
              onError(0, "%TAG directive should contain exactly two parts");
              if (parts.length < 2)
                return false;
            }
            const [handle, prefix] = parts;
            this.tags[handle] = prefix;
            return true;
          }
          case "%YAML": {
            this.yaml.explicit = true;
            if (parts.length !== 1) {
              onError(0, "%YAML directive should contain exactly one part");
              return false;
            }
            const [version] = parts;
            if (version === "1.1" || version === "1.2") {
              this.yaml.version = version;
              return true;
            } else {
              const isValid = /^\d+\.\d+$/.test(version);
              onError(6, `Unsupported YAML version ${version}`, isValid);
              return false;
            }
          }
          default:
            onError(0, `Unknown directive ${name}`, true);
            return false;
        }
      }
      /**
       * Resolves a tag, matching handles to those defined in %TAG directives.
       *
       * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
       *   `'!local'` tag, or `null` if unresolvable.
       */
      tagName(source2, onError) {
        if (source2 === "!")
          return "!";
        if (source2[0] !== "!") {
          onError(`Not a valid tag: ${source2}`);
          return null;
        }
        if (source2[1] === "<") {
          const verbatim = source2.slice(2, -1);
          if (verbatim === "!" || verbatim === "!!") {
            onError(`Verbatim tags aren't resolved, so ${source2} is invalid.`);
            return null;
          }
          if (source2[source2.length - 1] !== ">")
            onError("Verbatim tags must end with a >");
          return verbatim;
        }
        const [, handle, suffix] = source2.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
          onError(`The ${source2} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
          try {
            return prefix + decodeURIComponent(suffix);
          } catch (error) {
            onError(String(error));
            return null;
          }
        }
        if (handle === "!")
          return source2;
        onError(`Could not resolve tag: ${source2}`);
        return null;
      }
      /**
       * Given a fully resolved tag, returns its printable string form,
       * taking into account current tag prefixes and defaults.
       */
      tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
          if (tag.startsWith(prefix))
            return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === "!" ? tag : `!<${tag}>`;
      }
      toString(doc) {
        const lines = this.yaml.explicit ? [`%YAML ${this.yaml.version || "1.2"}`] : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
          const tags = {};
          visit.visit(doc.contents, (_key, node) => {
            if (identity.isNode(node) && node.tag)
              tags[node.tag] = true;
          });
          tagNames = Object.keys(tags);
        } else
          tagNames = [];
        for (const [handle, prefix] of tagEntries) {
          if (handle === "!!" && prefix === "tag:yaml.org,2002:")
            continue;
          if (!doc || tagNames.some((tn) => tn.startsWith(prefix)))
            lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join("\n");
      }
    };
    Directives.defaultYaml = { explicit: false, version: "1.2" };
    Directives.defaultTags = { "!!": "tag:yaml.org,2002:" };
    exports.Directives = Directives;
  }
});

// node_modules/yaml/dist/doc/anchors.js
var require_anchors = __commonJS({
  "node_modules/yaml/dist/doc/anchors.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit = require_visit();
    function anchorIsValid(anchor) {
      if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
      }
      return true;
    }
    function anchorNames(root) {
      const anchors = /* @__PURE__ */ new Set();
      visit.visit(root, {
        Value(_key, node) {
          if (node.anchor)
            anchors.add(node.anchor);
        }
      });
      return anchors;
    }
    function findNewAnchor(prefix, exclude) {
      for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
          return name;
      }
    }
    function createNodeAnchors(doc, prefix) {
      const aliasObjects = [];
      const sourceObjects = /* @__PURE__ */ new Map();
      let prevAnchors = null;
      return {
        onAnchor: (source2) => {
          aliasObjects.push(source2);
          prevAnchors ?? (prevAnchors = anchorNames(doc));
          const anchor = findNewAnchor(prefix, prevAnchors);
          prevAnchors.add(anchor);
          return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
          for (const source2 of aliasObjects) {
            const ref = sourceObjects.get(source2);
            if (typeof ref === "object" && ref.anchor && (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
              ref.node.anchor = ref.anchor;
            } else {
              const error = new Error("Failed to resolve repeated object (this should not happen)");
              error.source = source2;
              throw error;
            }
          }
        },
        sourceObjects
      };
    }
    exports.anchorIsValid = anchorIsValid;
    exports.anchorNames = anchorNames;
    exports.createNodeAnchors = createNodeAnchors;
    exports.findNewAnchor = findNewAnchor;
  }
});

// node_modules/yaml/dist/doc/applyReviver.js
var require_applyReviver = __commonJS({
  "node_modules/yaml/dist/doc/applyReviver.js"(exports) {
    "use strict";
    function applyReviver(reviver, obj, key, val) {
      if (val && typeof val === "object") {
        if (Array.isArray(val)) {
          for (let i = 0, len = val.length; i < len; ++i) {
            const v0 = val[i];
            const v1 = applyReviver(reviver, val, String(i), v0);
            if (v1 === void 0)
              delete val[i];
            else if (v1 !== v0)
              val[i] = v1;
          }
        } else if (val instanceof Map) {
          for (const k of Array.from(val.keys())) {
            const v0 = val.get(k);
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              val.delete(k);
            else if (v1 !== v0)
              val.set(k, v1);
          }
        } else if (val instanceof Set) {
          for (const v0 of Array.from(val)) {
            const v1 = applyReviver(reviver, val, v0, v0);
            if (v1 === void 0)
              val.delete(v0);
            else if (v1 !== v0) {
              val.delete(v0);
              val.add(v1);
            }
          }
        } else {
          for (const [k, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              delete val[k];
            else if (v1 !== v0)
              val[k] = v1;
          }
        }
      }
      return reviver.call(obj, key, val);
    }
    exports.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports) {
    "use strict";
    var identity = require_identity();
    function toJS(value2, arg, ctx) {
      if (Array.isArray(value2))
        return value2.map((v, i) => toJS(v, String(i), ctx));
      if (value2 && typeof value2.toJSON === "function") {
        if (!ctx || !identity.hasAnchor(value2))
          return value2.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value2, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value2.toJSON(arg, ctx);
        if (ctx.onCreate)
          ctx.onCreate(res);
        return res;
      }
      if (typeof value2 === "bigint" && !ctx?.keep)
        return Number(value2);
      return value2;
    }
    exports.toJS = toJS;
  }
});

// node_modules/yaml/dist/nodes/Node.js
var require_Node = __commonJS({
  "node_modules/yaml/dist/nodes/Node.js"(exports) {
    "use strict";
    var applyReviver = require_applyReviver();
    var identity = require_identity();
    var toJS = require_toJS();
    var NodeBase = class {
      constructor(type) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: type });
      }
      /** Create a copy of this node.  */
      clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** A plain JavaScript representation of this node. */
      toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity.isDocument(doc))
          throw new TypeError("A document argument is required");
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc,
          keep: true,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, "", ctx);
        if (typeof onAnchor === "function")
          for (const { count: count4, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count4);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
    };
    exports.NodeBase = NodeBase;
  }
});

// node_modules/yaml/dist/nodes/Alias.js
var require_Alias = __commonJS({
  "node_modules/yaml/dist/nodes/Alias.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var visit = require_visit();
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var Alias = class extends Node.NodeBase {
      constructor(source2) {
        super(identity.ALIAS);
        this.source = source2;
        Object.defineProperty(this, "tag", {
          set() {
            throw new Error("Alias nodes cannot have tags");
          }
        });
      }
      /**
       * Resolve the value of this alias within `doc`, finding the last
       * instance of the `source` anchor before this node.
       */
      resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
          throw new ReferenceError("Alias resolution is disabled");
        let nodes;
        if (ctx?.aliasResolveCache) {
          nodes = ctx.aliasResolveCache;
        } else {
          nodes = [];
          visit.visit(doc, {
            Node: (_key, node) => {
              if (identity.isAlias(node) || identity.hasAnchor(node))
                nodes.push(node);
            }
          });
          if (ctx)
            ctx.aliasResolveCache = nodes;
        }
        let found = void 0;
        for (const node of nodes) {
          if (node === this)
            break;
          if (node.anchor === this.source)
            found = node;
        }
        if (found && ctx) {
          const { anchors: anchors2, doc: doc2, maxAliasCount } = ctx;
          let data = anchors2.get(found);
          if (!data) {
            toJS.toJS(found, null, ctx);
            data = anchors2.get(found);
          }
          if (data?.res === void 0) {
            const msg = "This should not happen: Alias anchor was not resolved?";
            throw new ReferenceError(msg);
          }
          if (maxAliasCount >= 0) {
            data.count += 1;
            if (data.aliasCount === 0)
              data.aliasCount = getAliasCount(doc2, found, anchors2);
            if (data.count * data.aliasCount > maxAliasCount) {
              const msg = "Excessive alias count indicates a resource exhaustion attack";
              throw new ReferenceError(msg);
            }
          }
        }
        return found;
      }
      toJSON(_arg, ctx) {
        if (!ctx)
          return { source: this.source };
        const source2 = this.resolve(ctx.doc, ctx);
        if (!source2) {
          const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
          throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source2).res;
      }
      toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
          anchors.anchorIsValid(this.source);
          if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new Error(msg);
          }
          if (ctx.implicitKey)
            return `${src} `;
        }
        return src;
      }
    };
    function getAliasCount(doc, node, anchors2) {
      if (identity.isAlias(node)) {
        const source2 = node.resolve(doc);
        const anchor = anchors2 && source2 && anchors2.get(source2);
        return anchor ? anchor.count * anchor.aliasCount : 0;
      } else if (identity.isCollection(node)) {
        let count4 = 0;
        for (const item of node.items) {
          const c = getAliasCount(doc, item, anchors2);
          if (c > count4)
            count4 = c;
        }
        return count4;
      } else if (identity.isPair(node)) {
        const kc = getAliasCount(doc, node.key, anchors2);
        const vc = getAliasCount(doc, node.value, anchors2);
        return Math.max(kc, vc);
      }
      return 1;
    }
    exports.Alias = Alias;
  }
});

// node_modules/yaml/dist/nodes/Scalar.js
var require_Scalar = __commonJS({
  "node_modules/yaml/dist/nodes/Scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var isScalarValue = (value2) => !value2 || typeof value2 !== "function" && typeof value2 !== "object";
    var Scalar = class extends Node.NodeBase {
      constructor(value2) {
        super(identity.SCALAR);
        this.value = value2;
      }
      toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
      }
      toString() {
        return String(this.value);
      }
    };
    Scalar.BLOCK_FOLDED = "BLOCK_FOLDED";
    Scalar.BLOCK_LITERAL = "BLOCK_LITERAL";
    Scalar.PLAIN = "PLAIN";
    Scalar.QUOTE_DOUBLE = "QUOTE_DOUBLE";
    Scalar.QUOTE_SINGLE = "QUOTE_SINGLE";
    exports.Scalar = Scalar;
    exports.isScalarValue = isScalarValue;
  }
});

// node_modules/yaml/dist/doc/createNode.js
var require_createNode = __commonJS({
  "node_modules/yaml/dist/doc/createNode.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var defaultTagPrefix = "tag:yaml.org,2002:";
    function findTagObject(value2, tagName, tags) {
      if (tagName) {
        const match = tags.filter((t) => t.tag === tagName);
        const tagObj = match.find((t) => !t.format) ?? match[0];
        if (!tagObj)
          throw new Error(`Tag ${tagName} not found`);
        return tagObj;
      }
      return tags.find((t) => t.identify?.(value2) && !t.format);
    }
    function createNode(value2, tagName, ctx) {
      if (identity.isDocument(value2))
        value2 = value2.contents;
      if (identity.isNode(value2))
        return value2;
      if (identity.isPair(value2)) {
        const map = ctx.schema[identity.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value2);
        return map;
      }
      if (value2 instanceof String || value2 instanceof Number || value2 instanceof Boolean || typeof BigInt !== "undefined" && value2 instanceof BigInt) {
        value2 = value2.valueOf();
      }
      const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
      let ref = void 0;
      if (aliasDuplicateObjects && value2 && typeof value2 === "object") {
        ref = sourceObjects.get(value2);
        if (ref) {
          ref.anchor ?? (ref.anchor = onAnchor(value2));
          return new Alias.Alias(ref.anchor);
        } else {
          ref = { anchor: null, node: null };
          sourceObjects.set(value2, ref);
        }
      }
      if (tagName?.startsWith("!!"))
        tagName = defaultTagPrefix + tagName.slice(2);
      let tagObj = findTagObject(value2, tagName, schema.tags);
      if (!tagObj) {
        if (value2 && typeof value2.toJSON === "function") {
          value2 = value2.toJSON();
        }
        if (!value2 || typeof value2 !== "object") {
          const node2 = new Scalar.Scalar(value2);
          if (ref)
            ref.node = node2;
          return node2;
        }
        tagObj = value2 instanceof Map ? schema[identity.MAP] : Symbol.iterator in Object(value2) ? schema[identity.SEQ] : schema[identity.MAP];
      }
      if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
      }
      const node = tagObj?.createNode ? tagObj.createNode(ctx.schema, value2, ctx) : typeof tagObj?.nodeClass?.from === "function" ? tagObj.nodeClass.from(ctx.schema, value2, ctx) : new Scalar.Scalar(value2);
      if (tagName)
        node.tag = tagName;
      else if (!tagObj.default)
        node.tag = tagObj.tag;
      if (ref)
        ref.node = node;
      return node;
    }
    exports.createNode = createNode;
  }
});

// node_modules/yaml/dist/nodes/Collection.js
var require_Collection = __commonJS({
  "node_modules/yaml/dist/nodes/Collection.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var identity = require_identity();
    var Node = require_Node();
    function collectionFromPath(schema, path, value2) {
      let v = value2;
      for (let i = path.length - 1; i >= 0; --i) {
        const k = path[i];
        if (typeof k === "number" && Number.isInteger(k) && k >= 0) {
          const a = [];
          a[k] = v;
          v = a;
        } else {
          v = /* @__PURE__ */ new Map([[k, v]]);
        }
      }
      return createNode.createNode(v, void 0, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
          throw new Error("This should not happen, please report a bug.");
        },
        schema,
        sourceObjects: /* @__PURE__ */ new Map()
      });
    }
    var isEmptyPath = (path) => path == null || typeof path === "object" && !!path[Symbol.iterator]().next().done;
    var Collection = class extends Node.NodeBase {
      constructor(type, schema) {
        super(type);
        Object.defineProperty(this, "schema", {
          value: schema,
          configurable: true,
          enumerable: false,
          writable: true
        });
      }
      /**
       * Create a copy of this collection.
       *
       * @param schema - If defined, overwrites the original's schema
       */
      clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
          copy.schema = schema;
        copy.items = copy.items.map((it) => identity.isNode(it) || identity.isPair(it) ? it.clone(schema) : it);
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /**
       * Adds a value to the collection. For `!!map` and `!!omap` the value must
       * be a Pair instance or a `{ key, value }` object, which may not have a key
       * that already exists in the map.
       */
      addIn(path, value2) {
        if (isEmptyPath(path))
          this.add(value2);
        else {
          const [key, ...rest] = path;
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.addIn(rest, value2);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value2));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.delete(key);
        const node = this.get(key, true);
        if (identity.isCollection(node))
          return node.deleteIn(rest);
        else
          throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        const [key, ...rest] = path;
        const node = this.get(key, true);
        if (rest.length === 0)
          return !keepScalar && identity.isScalar(node) ? node.value : node;
        else
          return identity.isCollection(node) ? node.getIn(rest, keepScalar) : void 0;
      }
      hasAllNullValues(allowScalar) {
        return this.items.every((node) => {
          if (!identity.isPair(node))
            return false;
          const n = node.value;
          return n == null || allowScalar && identity.isScalar(n) && n.value == null && !n.commentBefore && !n.comment && !n.tag;
        });
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       */
      hasIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.has(key);
        const node = this.get(key, true);
        return identity.isCollection(node) ? node.hasIn(rest) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value2) {
        const [key, ...rest] = path;
        if (rest.length === 0) {
          this.set(key, value2);
        } else {
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.setIn(rest, value2);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value2));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
    };
    exports.Collection = Collection;
    exports.collectionFromPath = collectionFromPath;
    exports.isEmptyPath = isEmptyPath;
  }
});

// node_modules/yaml/dist/stringify/stringifyComment.js
var require_stringifyComment = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyComment.js"(exports) {
    "use strict";
    var stringifyComment = (str2) => str2.replace(/^(?!$)(?: $)?/gm, "#");
    function indentComment(comment, indent) {
      if (/^\n+$/.test(comment))
        return comment.substring(1);
      return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
    }
    var lineComment = (str2, indent, comment) => str2.endsWith("\n") ? indentComment(comment, indent) : comment.includes("\n") ? "\n" + indentComment(comment, indent) : (str2.endsWith(" ") ? "" : " ") + comment;
    exports.indentComment = indentComment;
    exports.lineComment = lineComment;
    exports.stringifyComment = stringifyComment;
  }
});

// node_modules/yaml/dist/stringify/foldFlowLines.js
var require_foldFlowLines = __commonJS({
  "node_modules/yaml/dist/stringify/foldFlowLines.js"(exports) {
    "use strict";
    var FOLD_FLOW = "flow";
    var FOLD_BLOCK = "block";
    var FOLD_QUOTED = "quoted";
    function foldFlowLines(text2, indent, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text2;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
      if (text2.length <= endStep)
        return text2;
      const folds = [];
      const escapedFolds = {};
      let end = lineWidth - indent.length;
      if (typeof indentAtStart === "number") {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
          folds.push(0);
        else
          end = lineWidth - indentAtStart;
      }
      let split = void 0;
      let prev = void 0;
      let overflow = false;
      let i = -1;
      let escStart = -1;
      let escEnd = -1;
      if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text2, i, indent.length);
        if (i !== -1)
          end = i + endStep;
      }
      for (let ch; ch = text2[i += 1]; ) {
        if (mode === FOLD_QUOTED && ch === "\\") {
          escStart = i;
          switch (text2[i + 1]) {
            case "x":
              i += 3;
              break;
            case "u":
              i += 5;
              break;
            case "U":
              i += 9;
              break;
            default:
              i += 1;
          }
          escEnd = i;
        }
        if (ch === "\n") {
          if (mode === FOLD_BLOCK)
            i = consumeMoreIndentedLines(text2, i, indent.length);
          end = i + indent.length + endStep;
          split = void 0;
        } else {
          if (ch === " " && prev && prev !== " " && prev !== "\n" && prev !== "	") {
            const next = text2[i + 1];
            if (next && next !== " " && next !== "\n" && next !== "	")
              split = i;
          }
          if (i >= end) {
            if (split) {
              folds.push(split);
              end = split + endStep;
              split = void 0;
            } else if (mode === FOLD_QUOTED) {
              while (prev === " " || prev === "	") {
                prev = ch;
                ch = text2[i += 1];
                overflow = true;
              }
              const j = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j])
                return text2;
              folds.push(j);
              escapedFolds[j] = true;
              end = j + endStep;
              split = void 0;
            } else {
              overflow = true;
            }
          }
        }
        prev = ch;
      }
      if (overflow && onOverflow)
        onOverflow();
      if (folds.length === 0)
        return text2;
      if (onFold)
        onFold();
      let res = text2.slice(0, folds[0]);
      for (let i2 = 0; i2 < folds.length; ++i2) {
        const fold = folds[i2];
        const end2 = folds[i2 + 1] || text2.length;
        if (fold === 0)
          res = `
${indent}${text2.slice(0, end2)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text2[fold]}\\`;
          res += `
${indent}${text2.slice(fold + 1, end2)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text2, i, indent) {
      let end = i;
      let start = i + 1;
      let ch = text2[start];
      while (ch === " " || ch === "	") {
        if (i < start + indent) {
          ch = text2[++i];
        } else {
          do {
            ch = text2[++i];
          } while (ch && ch !== "\n");
          end = i;
          start = i + 1;
          ch = text2[start];
        }
      }
      return end;
    }
    exports.FOLD_BLOCK = FOLD_BLOCK;
    exports.FOLD_FLOW = FOLD_FLOW;
    exports.FOLD_QUOTED = FOLD_QUOTED;
    exports.foldFlowLines = foldFlowLines;
  }
});

// node_modules/yaml/dist/stringify/stringifyString.js
var require_stringifyString = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyString.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var foldFlowLines = require_foldFlowLines();
    var getFoldOptions = (ctx, isBlock) => ({
      indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
      lineWidth: ctx.options.lineWidth,
      minContentWidth: ctx.options.minContentWidth
    });
    var containsDocumentMarker = (str2) => /^(%|---|\.\.\.)/m.test(str2);
    function lineLengthOverLimit(str2, lineWidth, indentLength) {
      if (!lineWidth || lineWidth < 0)
        return false;
      const limit = lineWidth - indentLength;
      const strLen = str2.length;
      if (strLen <= limit)
        return false;
      for (let i = 0, start = 0; i < strLen; ++i) {
        if (str2[i] === "\n") {
          if (i - start > limit)
            return true;
          start = i + 1;
          if (strLen - start <= limit)
            return false;
        }
      }
      return true;
    }
    function doubleQuotedString(value2, ctx) {
      const json = JSON.stringify(value2);
      if (ctx.options.doubleQuotedAsJSON)
        return json;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent = ctx.indent || (containsDocumentMarker(value2) ? "  " : "");
      let str2 = "";
      let start = 0;
      for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === " " && json[i + 1] === "\\" && json[i + 2] === "n") {
          str2 += json.slice(start, i) + "\\ ";
          i += 1;
          start = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json[i + 1]) {
            case "u":
              {
                str2 += json.slice(start, i);
                const code2 = json.substr(i + 2, 4);
                switch (code2) {
                  case "0000":
                    str2 += "\\0";
                    break;
                  case "0007":
                    str2 += "\\a";
                    break;
                  case "000b":
                    str2 += "\\v";
                    break;
                  case "001b":
                    str2 += "\\e";
                    break;
                  case "0085":
                    str2 += "\\N";
                    break;
                  case "00a0":
                    str2 += "\\_";
                    break;
                  case "2028":
                    str2 += "\\L";
                    break;
                  case "2029":
                    str2 += "\\P";
                    break;
                  default:
                    if (code2.substr(0, 2) === "00")
                      str2 += "\\x" + code2.substr(2);
                    else
                      str2 += json.substr(i, 6);
                }
                i += 5;
                start = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json[i + 2] === '"' || json.length < minMultiLineLength) {
                i += 1;
              } else {
                str2 += json.slice(start, i) + "\n\n";
                while (json[i + 2] === "\\" && json[i + 3] === "n" && json[i + 4] !== '"') {
                  str2 += "\n";
                  i += 2;
                }
                str2 += indent;
                if (json[i + 2] === " ")
                  str2 += "\\";
                i += 1;
                start = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str2 = start ? str2 + json.slice(start) : json;
      return implicitKey ? str2 : foldFlowLines.foldFlowLines(str2, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value2, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value2.includes("\n") || /[ \t]\n|\n[ \t]/.test(value2))
        return doubleQuotedString(value2, ctx);
      const indent = ctx.indent || (containsDocumentMarker(value2) ? "  " : "");
      const res = "'" + value2.replace(/'/g, "''").replace(/\n+/g, `$&
${indent}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function quotedString(value2, ctx) {
      const { singleQuote } = ctx.options;
      let qs;
      if (singleQuote === false)
        qs = doubleQuotedString;
      else {
        const hasDouble = value2.includes('"');
        const hasSingle = value2.includes("'");
        if (hasDouble && !hasSingle)
          qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
          qs = doubleQuotedString;
        else
          qs = singleQuote ? singleQuotedString : doubleQuotedString;
      }
      return qs(value2, ctx);
    }
    var blockEndNewlines;
    try {
      blockEndNewlines = new RegExp("(^|(?<!\n))\n+(?!\n|$)", "g");
    } catch {
      blockEndNewlines = /\n+(?!\n|$)/g;
    }
    function blockString({ comment, type, value: value2 }, ctx, onComment, onChompKeep) {
      const { blockQuote, commentString, lineWidth } = ctx.options;
      if (!blockQuote || /\n[\t ]+$/.test(value2)) {
        return quotedString(value2, ctx);
      }
      const indent = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value2) ? "  " : "");
      const literal = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar.Scalar.BLOCK_FOLDED ? false : type === Scalar.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value2, lineWidth, indent.length);
      if (!value2)
        return literal ? "|\n" : ">\n";
      let chomp;
      let endStart;
      for (endStart = value2.length; endStart > 0; --endStart) {
        const ch = value2[endStart - 1];
        if (ch !== "\n" && ch !== "	" && ch !== " ")
          break;
      }
      let end = value2.substring(endStart);
      const endNlPos = end.indexOf("\n");
      if (endNlPos === -1) {
        chomp = "-";
      } else if (value2 === end || endNlPos !== end.length - 1) {
        chomp = "+";
        if (onChompKeep)
          onChompKeep();
      } else {
        chomp = "";
      }
      if (end) {
        value2 = value2.slice(0, -end.length);
        if (end[end.length - 1] === "\n")
          end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
      }
      let startWithSpace = false;
      let startEnd;
      let startNlPos = -1;
      for (startEnd = 0; startEnd < value2.length; ++startEnd) {
        const ch = value2[startEnd];
        if (ch === " ")
          startWithSpace = true;
        else if (ch === "\n")
          startNlPos = startEnd;
        else
          break;
      }
      let start = value2.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
      if (start) {
        value2 = value2.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
      }
      const indentSize = indent ? "2" : "1";
      let header = (startWithSpace ? indentSize : "") + chomp;
      if (comment) {
        header += " " + commentString(comment.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal) {
        const foldedValue = value2.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header}
${indent}${body}`;
      }
      value2 = value2.replace(/\n+/g, `$&${indent}`);
      return `|${header}
${indent}${start}${value2}${end}`;
    }
    function plainString(item, ctx, onComment, onChompKeep) {
      const { type, value: value2 } = item;
      const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
      if (implicitKey && value2.includes("\n") || inFlow && /[[\]{},]/.test(value2)) {
        return quotedString(value2, ctx);
      }
      if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value2)) {
        return implicitKey || inFlow || !value2.includes("\n") ? quotedString(value2, ctx) : blockString(item, ctx, onComment, onChompKeep);
      }
      if (!implicitKey && !inFlow && type !== Scalar.Scalar.PLAIN && value2.includes("\n")) {
        return blockString(item, ctx, onComment, onChompKeep);
      }
      if (containsDocumentMarker(value2)) {
        if (indent === "") {
          ctx.forceBlockIndent = true;
          return blockString(item, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent === indentStep) {
          return quotedString(value2, ctx);
        }
      }
      const str2 = value2.replace(/\n+/g, `$&
${indent}`);
      if (actualString) {
        const test = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str2);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
          return quotedString(value2, ctx);
      }
      return implicitKey ? str2 : foldFlowLines.foldFlowLines(str2, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function stringifyString(item, ctx, onComment, onChompKeep) {
      const { implicitKey, inFlow } = ctx;
      const ss = typeof item.value === "string" ? item : Object.assign({}, item, { value: String(item.value) });
      let { type } = item;
      if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
          type = Scalar.Scalar.QUOTE_DOUBLE;
      }
      const _stringify = (_type) => {
        switch (_type) {
          case Scalar.Scalar.BLOCK_FOLDED:
          case Scalar.Scalar.BLOCK_LITERAL:
            return implicitKey || inFlow ? quotedString(ss.value, ctx) : blockString(ss, ctx, onComment, onChompKeep);
          case Scalar.Scalar.QUOTE_DOUBLE:
            return doubleQuotedString(ss.value, ctx);
          case Scalar.Scalar.QUOTE_SINGLE:
            return singleQuotedString(ss.value, ctx);
          case Scalar.Scalar.PLAIN:
            return plainString(ss, ctx, onComment, onChompKeep);
          default:
            return null;
        }
      };
      let res = _stringify(type);
      if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = implicitKey && defaultKeyType || defaultStringType;
        res = _stringify(t);
        if (res === null)
          throw new Error(`Unsupported default string type ${t}`);
      }
      return res;
    }
    exports.stringifyString = stringifyString;
  }
});

// node_modules/yaml/dist/stringify/stringify.js
var require_stringify = __commonJS({
  "node_modules/yaml/dist/stringify/stringify.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var identity = require_identity();
    var stringifyComment = require_stringifyComment();
    var stringifyString = require_stringifyString();
    function createStringifyContext(doc, options) {
      const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: "PLAIN",
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: "false",
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: "null",
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: "true",
        verifyAliasOrder: true
      }, doc.schema.toStringOptions, options);
      let inFlow;
      switch (opt.collectionStyle) {
        case "block":
          inFlow = false;
          break;
        case "flow":
          inFlow = true;
          break;
        default:
          inFlow = null;
      }
      return {
        anchors: /* @__PURE__ */ new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? " " : "",
        indent: "",
        indentStep: typeof opt.indent === "number" ? " ".repeat(opt.indent) : "  ",
        inFlow,
        options: opt
      };
    }
    function getTagObject(tags, item) {
      if (item.tag) {
        const match = tags.filter((t) => t.tag === item.tag);
        if (match.length > 0)
          return match.find((t) => t.format === item.format) ?? match[0];
      }
      let tagObj = void 0;
      let obj;
      if (identity.isScalar(item)) {
        obj = item.value;
        let match = tags.filter((t) => t.identify?.(obj));
        if (match.length > 1) {
          const testMatch = match.filter((t) => t.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t) => t.format === item.format) ?? match.find((t) => !t.format);
      } else {
        obj = item;
        tagObj = tags.find((t) => t.nodeClass && obj instanceof t.nodeClass);
      }
      if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? "null" : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
      }
      return tagObj;
    }
    function stringifyProps(node, tagObj, { anchors: anchors$1, doc }) {
      if (!doc.directives)
        return "";
      const props = [];
      const anchor = (identity.isScalar(node) || identity.isCollection(node)) && node.anchor;
      if (anchor && anchors.anchorIsValid(anchor)) {
        anchors$1.add(anchor);
        props.push(`&${anchor}`);
      }
      const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
      if (tag)
        props.push(doc.directives.tagString(tag));
      return props.join(" ");
    }
    function stringify(item, ctx, onComment, onChompKeep) {
      if (identity.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
      if (identity.isAlias(item)) {
        if (ctx.doc.directives)
          return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
          throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        } else {
          if (ctx.resolvedAliases)
            ctx.resolvedAliases.add(item);
          else
            ctx.resolvedAliases = /* @__PURE__ */ new Set([item]);
          item = item.resolve(ctx.doc);
        }
      }
      let tagObj = void 0;
      const node = identity.isNode(item) ? item : ctx.doc.createNode(item, { onTagObj: (o) => tagObj = o });
      tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
      const props = stringifyProps(node, tagObj, ctx);
      if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
      const str2 = typeof tagObj.stringify === "function" ? tagObj.stringify(node, ctx, onComment, onChompKeep) : identity.isScalar(node) ? stringifyString.stringifyString(node, ctx, onComment, onChompKeep) : node.toString(ctx, onComment, onChompKeep);
      if (!props)
        return str2;
      return identity.isScalar(node) || str2[0] === "{" || str2[0] === "[" ? `${props} ${str2}` : `${props}
${ctx.indent}${str2}`;
    }
    exports.createStringifyContext = createStringifyContext;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key, value: value2 }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
      let keyComment = identity.isNode(key) && key.comment || null;
      if (simpleKeys) {
        if (keyComment) {
          throw new Error("With simple keys, key nodes cannot have comments");
        }
        if (identity.isCollection(key) || !identity.isNode(key) && typeof key === "object") {
          const msg = "With simple keys, collection cannot be used as a key value";
          throw new Error(msg);
        }
      }
      let explicitKey = !simpleKeys && (!key || keyComment && value2 == null && !ctx.inFlow || identity.isCollection(key) || (identity.isScalar(key) ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL : typeof key === "object"));
      ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str2 = stringify.stringify(key, ctx, () => keyCommentDone = true, () => chompKeep = true);
      if (!explicitKey && !ctx.inFlow && str2.length > 1024) {
        if (simpleKeys)
          throw new Error("With simple keys, single line scalar must not span more than 1024 characters");
        explicitKey = true;
      }
      if (ctx.inFlow) {
        if (allNullValues || value2 == null) {
          if (keyCommentDone && onComment)
            onComment();
          return str2 === "" ? "?" : explicitKey ? `? ${str2}` : str2;
        }
      } else if (allNullValues && !simpleKeys || value2 == null && explicitKey) {
        str2 = `? ${str2}`;
        if (keyComment && !keyCommentDone) {
          str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(keyComment));
        } else if (chompKeep && onChompKeep)
          onChompKeep();
        return str2;
      }
      if (keyCommentDone)
        keyComment = null;
      if (explicitKey) {
        if (keyComment)
          str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(keyComment));
        str2 = `? ${str2}
${indent}:`;
      } else {
        str2 = `${str2}:`;
        if (keyComment)
          str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(keyComment));
      }
      let vsb, vcb, valueComment;
      if (identity.isNode(value2)) {
        vsb = !!value2.spaceBefore;
        vcb = value2.commentBefore;
        valueComment = value2.comment;
      } else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value2 && typeof value2 === "object")
          value2 = doc.createNode(value2);
      }
      ctx.implicitKey = false;
      if (!explicitKey && !keyComment && identity.isScalar(value2))
        ctx.indentAtStart = str2.length + 1;
      chompKeep = false;
      if (!indentSeq && indentStep.length >= 2 && !ctx.inFlow && !explicitKey && identity.isSeq(value2) && !value2.flow && !value2.tag && !value2.anchor) {
        ctx.indent = ctx.indent.substring(2);
      }
      let valueCommentDone = false;
      const valueStr = stringify.stringify(value2, ctx, () => valueCommentDone = true, () => chompKeep = true);
      let ws = " ";
      if (keyComment || vsb || vcb) {
        ws = vsb ? "\n" : "";
        if (vcb) {
          const cs = commentString(vcb);
          ws += `
${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === "" && !ctx.inFlow) {
          if (ws === "\n" && valueComment)
            ws = "\n\n";
        } else {
          ws += `
${ctx.indent}`;
        }
      } else if (!explicitKey && identity.isCollection(value2)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf("\n");
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value2.flow ?? value2.items.length === 0;
        if (hasNewline || !flow) {
          let hasPropsLine = false;
          if (hasNewline && (vs0 === "&" || vs0 === "!")) {
            let sp0 = valueStr.indexOf(" ");
            if (vs0 === "&" && sp0 !== -1 && sp0 < nl0 && valueStr[sp0 + 1] === "!") {
              sp0 = valueStr.indexOf(" ", sp0 + 1);
            }
            if (sp0 === -1 || nl0 < sp0)
              hasPropsLine = true;
          }
          if (!hasPropsLine)
            ws = `
${ctx.indent}`;
        }
      } else if (valueStr === "" || valueStr[0] === "\n") {
        ws = "";
      }
      str2 += ws + valueStr;
      if (ctx.inFlow) {
        if (valueCommentDone && onComment)
          onComment();
      } else if (valueComment && !valueCommentDone) {
        str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(valueComment));
      } else if (chompKeep && onChompKeep) {
        onChompKeep();
      }
      return str2;
    }
    exports.stringifyPair = stringifyPair;
  }
});

// node_modules/yaml/dist/log.js
var require_log = __commonJS({
  "node_modules/yaml/dist/log.js"(exports) {
    "use strict";
    var node_process = __require("process");
    function debug(logLevel, ...messages) {
      if (logLevel === "debug")
        console.log(...messages);
    }
    function warn(logLevel, warning) {
      if (logLevel === "debug" || logLevel === "warn") {
        if (typeof node_process.emitWarning === "function")
          node_process.emitWarning(warning);
        else
          console.warn(warning);
      }
    }
    exports.debug = debug;
    exports.warn = warn;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/merge.js
var require_merge = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/merge.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var MERGE_KEY = "<<";
    var merge = {
      identify: (value2) => value2 === MERGE_KEY || typeof value2 === "symbol" && value2.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey = (ctx, key) => (merge.identify(key) || identity.isScalar(key) && (!key.type || key.type === Scalar.Scalar.PLAIN) && merge.identify(key.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge.tag && tag.default);
    function addMergeToJSMap(ctx, map, value2) {
      const source2 = resolveAliasValue(ctx, value2);
      if (identity.isSeq(source2))
        for (const it of source2.items)
          mergeValue(ctx, map, it);
      else if (Array.isArray(source2))
        for (const it of source2)
          mergeValue(ctx, map, it);
      else
        mergeValue(ctx, map, source2);
    }
    function mergeValue(ctx, map, value2) {
      const source2 = resolveAliasValue(ctx, value2);
      if (!identity.isMap(source2))
        throw new Error("Merge sources must be maps or map aliases");
      const srcMap = source2.toJSON(null, ctx, Map);
      for (const [key, value3] of srcMap) {
        if (map instanceof Map) {
          if (!map.has(key))
            map.set(key, value3);
        } else if (map instanceof Set) {
          map.add(key);
        } else if (!Object.prototype.hasOwnProperty.call(map, key)) {
          Object.defineProperty(map, key, {
            value: value3,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
      return map;
    }
    function resolveAliasValue(ctx, value2) {
      return ctx && identity.isAlias(value2) ? value2.resolve(ctx.doc, ctx) : value2;
    }
    exports.addMergeToJSMap = addMergeToJSMap;
    exports.isMergeKey = isMergeKey;
    exports.merge = merge;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports) {
    "use strict";
    var log = require_log();
    var merge = require_merge();
    var stringify = require_stringify();
    var identity = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map, { key, value: value2 }) {
      if (identity.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value2);
      else if (merge.isMergeKey(ctx, key))
        merge.addMergeToJSMap(ctx, map, value2);
      else {
        const jsKey = toJS.toJS(key, "", ctx);
        if (map instanceof Map) {
          map.set(jsKey, toJS.toJS(value2, jsKey, ctx));
        } else if (map instanceof Set) {
          map.add(jsKey);
        } else {
          const stringKey = stringifyKey(key, jsKey, ctx);
          const jsValue = toJS.toJS(value2, stringKey, ctx);
          if (stringKey in map)
            Object.defineProperty(map, stringKey, {
              value: jsValue,
              writable: true,
              enumerable: true,
              configurable: true
            });
          else
            map[stringKey] = jsValue;
        }
      }
      return map;
    }
    function stringifyKey(key, jsKey, ctx) {
      if (jsKey === null)
        return "";
      if (typeof jsKey !== "object")
        return String(jsKey);
      if (identity.isNode(key) && ctx?.doc) {
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
        strCtx.anchors = /* @__PURE__ */ new Set();
        for (const node of ctx.anchors.keys())
          strCtx.anchors.add(node.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
          let jsonStr = JSON.stringify(strKey);
          if (jsonStr.length > 40)
            jsonStr = jsonStr.substring(0, 36) + '..."';
          log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
          ctx.mapKeyWarned = true;
        }
        return strKey;
      }
      return JSON.stringify(jsKey);
    }
    exports.addPairToJSMap = addPairToJSMap;
  }
});

// node_modules/yaml/dist/nodes/Pair.js
var require_Pair = __commonJS({
  "node_modules/yaml/dist/nodes/Pair.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyPair = require_stringifyPair();
    var addPairToJSMap = require_addPairToJSMap();
    var identity = require_identity();
    function createPair(key, value2, ctx) {
      const k = createNode.createNode(key, void 0, ctx);
      const v = createNode.createNode(value2, void 0, ctx);
      return new Pair(k, v);
    }
    var Pair = class _Pair {
      constructor(key, value2 = null) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.PAIR });
        this.key = key;
        this.value = value2;
      }
      clone(schema) {
        let { key, value: value2 } = this;
        if (identity.isNode(key))
          key = key.clone(schema);
        if (identity.isNode(value2))
          value2 = value2.clone(schema);
        return new _Pair(key, value2);
      }
      toJSON(_, ctx) {
        const pair2 = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair2, this);
      }
      toString(ctx, onComment, onChompKeep) {
        return ctx?.doc ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep) : JSON.stringify(this);
      }
    };
    exports.Pair = Pair;
    exports.createPair = createPair;
  }
});

// node_modules/yaml/dist/stringify/stringifyCollection.js
var require_stringifyCollection = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyCollection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify2 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify2(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent, options: { commentString } } = ctx;
      const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
      let chompKeep = false;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment2 = null;
        if (identity.isNode(item)) {
          if (!chompKeep && item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
          if (item.comment)
            comment2 = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (!chompKeep && ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
          }
        }
        chompKeep = false;
        let str3 = stringify.stringify(item, itemCtx, () => comment2 = null, () => chompKeep = true);
        if (comment2)
          str3 += stringifyComment.lineComment(str3, itemIndent, commentString(comment2));
        if (chompKeep && comment2)
          chompKeep = false;
        lines.push(blockItemPrefix + str3);
      }
      let str2;
      if (lines.length === 0) {
        str2 = flowChars.start + flowChars.end;
      } else {
        str2 = lines[0];
        for (let i = 1; i < lines.length; ++i) {
          const line = lines[i];
          str2 += line ? `
${indent}${line}` : "\n";
        }
      }
      if (comment) {
        str2 += "\n" + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str2;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
      itemIndent += indentStep;
      const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
      });
      let reqNewline = false;
      let linesAtValue = 0;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity.isNode(item)) {
          if (item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, false);
          if (item.comment)
            comment = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, false);
            if (ik.comment)
              reqNewline = true;
          }
          const iv = identity.isNode(item.value) ? item.value : null;
          if (iv) {
            if (iv.comment)
              comment = iv.comment;
            if (iv.commentBefore)
              reqNewline = true;
          } else if (item.value == null && ik?.comment) {
            comment = ik.comment;
          }
        }
        if (comment)
          reqNewline = true;
        let str2 = stringify.stringify(item, itemCtx, () => comment = null);
        reqNewline || (reqNewline = lines.length > linesAtValue || str2.includes("\n"));
        if (i < items.length - 1) {
          str2 += ",";
        } else if (ctx.options.trailingComma) {
          if (ctx.options.lineWidth > 0) {
            reqNewline || (reqNewline = lines.reduce((sum3, line) => sum3 + line.length + 2, 2) + (str2.length + 2) > ctx.options.lineWidth);
          }
          if (reqNewline) {
            str2 += ",";
          }
        }
        if (comment)
          str2 += stringifyComment.lineComment(str2, itemIndent, commentString(comment));
        lines.push(str2);
        linesAtValue = lines.length;
      }
      const { start, end } = flowChars;
      if (lines.length === 0) {
        return start + end;
      } else {
        if (!reqNewline) {
          const len = lines.reduce((sum3, line) => sum3 + line.length + 2, 2);
          reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
          let str2 = start;
          for (const line of lines)
            str2 += line ? `
${indentStep}${indent}${line}` : "\n";
          return `${str2}
${indent}${end}`;
        } else {
          return `${start}${fcPadding}${lines.join(" ")}${fcPadding}${end}`;
        }
      }
    }
    function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
      if (comment && chompKeep)
        comment = comment.replace(/^\n+/, "");
      if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart());
      }
    }
    exports.stringifyCollection = stringifyCollection;
  }
});

// node_modules/yaml/dist/nodes/YAMLMap.js
var require_YAMLMap = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLMap.js"(exports) {
    "use strict";
    var stringifyCollection = require_stringifyCollection();
    var addPairToJSMap = require_addPairToJSMap();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    function findPair(items, key) {
      const k = identity.isScalar(key) ? key.value : key;
      for (const it of items) {
        if (identity.isPair(it)) {
          if (it.key === key || it.key === k)
            return it;
          if (identity.isScalar(it.key) && it.key.value === k)
            return it;
        }
      }
      return void 0;
    }
    var YAMLMap = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:map";
      }
      constructor(schema) {
        super(identity.MAP, schema);
        this.items = [];
      }
      /**
       * A generic collection parsing method that can be extended
       * to other node classes that inherit from YAMLMap
       */
      static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add2 = (key, value2) => {
          if (typeof replacer === "function")
            value2 = replacer.call(obj, key, value2);
          else if (Array.isArray(replacer) && !replacer.includes(key))
            return;
          if (value2 !== void 0 || keepUndefined)
            map.items.push(Pair.createPair(key, value2, ctx));
        };
        if (obj instanceof Map) {
          for (const [key, value2] of obj)
            add2(key, value2);
        } else if (obj && typeof obj === "object") {
          for (const key of Object.keys(obj))
            add2(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === "function") {
          map.items.sort(schema.sortMapEntries);
        }
        return map;
      }
      /**
       * Adds a value to the collection.
       *
       * @param overwrite - If not set `true`, using a key that is already in the
       *   collection will throw. Otherwise, overwrites the previous value.
       */
      add(pair2, overwrite) {
        let _pair;
        if (identity.isPair(pair2))
          _pair = pair2;
        else if (!pair2 || typeof pair2 !== "object" || !("key" in pair2)) {
          _pair = new Pair.Pair(pair2, pair2?.value);
        } else
          _pair = new Pair.Pair(pair2.key, pair2.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
          if (!overwrite)
            throw new Error(`Key ${_pair.key} already set`);
          if (identity.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
            prev.value.value = _pair.value;
          else
            prev.value = _pair.value;
        } else if (sortEntries) {
          const i = this.items.findIndex((item) => sortEntries(_pair, item) < 0);
          if (i === -1)
            this.items.push(_pair);
          else
            this.items.splice(i, 0, _pair);
        } else {
          this.items.push(_pair);
        }
      }
      delete(key) {
        const it = findPair(this.items, key);
        if (!it)
          return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const it = findPair(this.items, key);
        const node = it?.value;
        return (!keepScalar && identity.isScalar(node) ? node.value : node) ?? void 0;
      }
      has(key) {
        return !!findPair(this.items, key);
      }
      set(key, value2) {
        this.add(new Pair.Pair(key, value2), true);
      }
      /**
       * @param ctx - Conversion context, originally set in Document#toJS()
       * @param {Class} Type - If set, forces the returned collection type
       * @returns Instance of Type, Map, or Object
       */
      toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const item of this.items)
          addPairToJSMap.addPairToJSMap(ctx, map, item);
        return map;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        for (const item of this.items) {
          if (!identity.isPair(item))
            throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
          ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "",
          flowChars: { start: "{", end: "}" },
          itemIndent: ctx.indent || "",
          onChompKeep,
          onComment
        });
      }
    };
    exports.YAMLMap = YAMLMap;
    exports.findPair = findPair;
  }
});

// node_modules/yaml/dist/schema/common/map.js
var require_map = __commonJS({
  "node_modules/yaml/dist/schema/common/map.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLMap = require_YAMLMap();
    var map = {
      collection: "map",
      default: true,
      nodeClass: YAMLMap.YAMLMap,
      tag: "tag:yaml.org,2002:map",
      resolve(map2, onError) {
        if (!identity.isMap(map2))
          onError("Expected a mapping for this tag");
        return map2;
      },
      createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
    };
    exports.map = map;
  }
});

// node_modules/yaml/dist/nodes/YAMLSeq.js
var require_YAMLSeq = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLSeq.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyCollection = require_stringifyCollection();
    var Collection = require_Collection();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var toJS = require_toJS();
    var YAMLSeq = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:seq";
      }
      constructor(schema) {
        super(identity.SEQ, schema);
        this.items = [];
      }
      add(value2) {
        this.items.push(value2);
      }
      /**
       * Removes a value from the collection.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       *
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return void 0;
        const it = this.items[idx];
        return !keepScalar && identity.isScalar(it) ? it.value : it;
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       */
      has(key) {
        const idx = asItemIndex(key);
        return typeof idx === "number" && idx < this.items.length;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       *
       * If `key` does not contain a representation of an integer, this will throw.
       * It may be wrapped in a `Scalar`.
       */
      set(key, value2) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (identity.isScalar(prev) && Scalar.isScalarValue(value2))
          prev.value = value2;
        else
          this.items[idx] = value2;
      }
      toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
          seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "- ",
          flowChars: { start: "[", end: "]" },
          itemIndent: (ctx.indent || "") + "  ",
          onChompKeep,
          onComment
        });
      }
      static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
          let i = 0;
          for (let it of obj) {
            if (typeof replacer === "function") {
              const key = obj instanceof Set ? it : String(i++);
              it = replacer.call(obj, key, it);
            }
            seq.items.push(createNode.createNode(it, void 0, ctx));
          }
        }
        return seq;
      }
    };
    function asItemIndex(key) {
      let idx = identity.isScalar(key) ? key.value : key;
      if (idx && typeof idx === "string")
        idx = Number(idx);
      return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
    }
    exports.YAMLSeq = YAMLSeq;
  }
});

// node_modules/yaml/dist/schema/common/seq.js
var require_seq = __commonJS({
  "node_modules/yaml/dist/schema/common/seq.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLSeq = require_YAMLSeq();
    var seq = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq2, onError) {
        if (!identity.isSeq(seq2))
          onError("Expected a sequence for this tag");
        return seq2;
      },
      createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
    };
    exports.seq = seq;
  }
});

// node_modules/yaml/dist/schema/common/string.js
var require_string = __commonJS({
  "node_modules/yaml/dist/schema/common/string.js"(exports) {
    "use strict";
    var stringifyString = require_stringifyString();
    var string2 = {
      identify: (value2) => typeof value2 === "string",
      default: true,
      tag: "tag:yaml.org,2002:str",
      resolve: (str2) => str2,
      stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
      }
    };
    exports.string = string2;
  }
});

// node_modules/yaml/dist/schema/common/null.js
var require_null = __commonJS({
  "node_modules/yaml/dist/schema/common/null.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var nullTag = {
      identify: (value2) => value2 == null,
      createNode: () => new Scalar.Scalar(null),
      default: true,
      tag: "tag:yaml.org,2002:null",
      test: /^(?:~|[Nn]ull|NULL)?$/,
      resolve: () => new Scalar.Scalar(null),
      stringify: ({ source: source2 }, ctx) => typeof source2 === "string" && nullTag.test.test(source2) ? source2 : ctx.options.nullStr
    };
    exports.nullTag = nullTag;
  }
});

// node_modules/yaml/dist/schema/core/bool.js
var require_bool = __commonJS({
  "node_modules/yaml/dist/schema/core/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var boolTag = {
      identify: (value2) => typeof value2 === "boolean",
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
      resolve: (str2) => new Scalar.Scalar(str2[0] === "t" || str2[0] === "T"),
      stringify({ source: source2, value: value2 }, ctx) {
        if (source2 && boolTag.test.test(source2)) {
          const sv = source2[0] === "t" || source2[0] === "T";
          if (value2 === sv)
            return source2;
        }
        return value2 ? ctx.options.trueStr : ctx.options.falseStr;
      }
    };
    exports.boolTag = boolTag;
  }
});

// node_modules/yaml/dist/stringify/stringifyNumber.js
var require_stringifyNumber = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyNumber.js"(exports) {
    "use strict";
    function stringifyNumber({ format, minFractionDigits, tag, value: value2 }) {
      if (typeof value2 === "bigint")
        return String(value2);
      const num = typeof value2 === "number" ? value2 : Number(value2);
      if (!isFinite(num))
        return isNaN(num) ? ".nan" : num < 0 ? "-.inf" : ".inf";
      let n = Object.is(value2, -0) ? "-0" : JSON.stringify(value2);
      if (!format && minFractionDigits && (!tag || tag === "tag:yaml.org,2002:float") && /^-?\d/.test(n) && !n.includes("e")) {
        let i = n.indexOf(".");
        if (i < 0) {
          i = n.length;
          n += ".";
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
          n += "0";
      }
      return n;
    }
    exports.stringifyNumber = stringifyNumber;
  }
});

// node_modules/yaml/dist/schema/core/float.js
var require_float = __commonJS({
  "node_modules/yaml/dist/schema/core/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value2) => typeof value2 === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str2) => str2.slice(-3).toLowerCase() === "nan" ? NaN : str2[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value2) => typeof value2 === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
      resolve: (str2) => parseFloat(str2),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value2) => typeof value2 === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
      resolve(str2) {
        const node = new Scalar.Scalar(parseFloat(str2));
        const dot = str2.indexOf(".");
        if (dot !== -1 && str2[str2.length - 1] === "0")
          node.minFractionDigits = str2.length - dot - 1;
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/core/int.js
var require_int = __commonJS({
  "node_modules/yaml/dist/schema/core/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value2) => typeof value2 === "bigint" || Number.isInteger(value2);
    var intResolve = (str2, offset, radix, { intAsBigInt }) => intAsBigInt ? BigInt(str2) : parseInt(str2.substring(offset), radix);
    function intStringify(node, radix, prefix) {
      const { value: value2 } = node;
      if (intIdentify(value2) && value2 >= 0)
        return prefix + value2.toString(radix);
      return stringifyNumber.stringifyNumber(node);
    }
    var intOct = {
      identify: (value2) => intIdentify(value2) && value2 >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^0o[0-7]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 8, opt),
      stringify: (node) => intStringify(node, 8, "0o")
    };
    var int2 = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: (value2) => intIdentify(value2) && value2 >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^0x[0-9a-fA-F]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int2;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/core/schema.js
var require_schema = __commonJS({
  "node_modules/yaml/dist/schema/core/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string2 = require_string();
    var bool2 = require_bool();
    var float = require_float();
    var int2 = require_int();
    var schema = [
      map.map,
      seq.seq,
      string2.string,
      _null.nullTag,
      bool2.boolTag,
      int2.intOct,
      int2.int,
      int2.intHex,
      float.floatNaN,
      float.floatExp,
      float.float
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/json/schema.js
var require_schema2 = __commonJS({
  "node_modules/yaml/dist/schema/json/schema.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var map = require_map();
    var seq = require_seq();
    function intIdentify(value2) {
      return typeof value2 === "bigint" || Number.isInteger(value2);
    }
    var stringifyJSON = ({ value: value2 }) => JSON.stringify(value2);
    var jsonScalars = [
      {
        identify: (value2) => typeof value2 === "string",
        default: true,
        tag: "tag:yaml.org,2002:str",
        resolve: (str2) => str2,
        stringify: stringifyJSON
      },
      {
        identify: (value2) => value2 == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: "tag:yaml.org,2002:null",
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
      },
      {
        identify: (value2) => typeof value2 === "boolean",
        default: true,
        tag: "tag:yaml.org,2002:bool",
        test: /^true$|^false$/,
        resolve: (str2) => str2 === "true",
        stringify: stringifyJSON
      },
      {
        identify: intIdentify,
        default: true,
        tag: "tag:yaml.org,2002:int",
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str2, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str2) : parseInt(str2, 10),
        stringify: ({ value: value2 }) => intIdentify(value2) ? value2.toString() : JSON.stringify(value2)
      },
      {
        identify: (value2) => typeof value2 === "number",
        default: true,
        tag: "tag:yaml.org,2002:float",
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: (str2) => parseFloat(str2),
        stringify: stringifyJSON
      }
    ];
    var jsonError = {
      default: true,
      tag: "",
      test: /^/,
      resolve(str2, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str2)}`);
        return str2;
      }
    };
    var schema = [map.map, seq.seq].concat(jsonScalars, jsonError);
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/binary.js
var require_binary = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/binary.js"(exports) {
    "use strict";
    var node_buffer = __require("buffer");
    var Scalar = require_Scalar();
    var stringifyString = require_stringifyString();
    var binary = {
      identify: (value2) => value2 instanceof Uint8Array,
      // Buffer inherits from Uint8Array
      default: false,
      tag: "tag:yaml.org,2002:binary",
      /**
       * Returns a Buffer in node and an Uint8Array in browsers
       *
       * To use the resulting buffer as an image, you'll want to do something like:
       *
       *   const blob = new Blob([buffer], { type: 'image/jpeg' })
       *   document.querySelector('#photo').src = URL.createObjectURL(blob)
       */
      resolve(src, onError) {
        if (typeof node_buffer.Buffer === "function") {
          return node_buffer.Buffer.from(src, "base64");
        } else if (typeof atob === "function") {
          const str2 = atob(src.replace(/[\n\r]/g, ""));
          const buffer = new Uint8Array(str2.length);
          for (let i = 0; i < str2.length; ++i)
            buffer[i] = str2.charCodeAt(i);
          return buffer;
        } else {
          onError("This environment does not support reading binary tags; either Buffer or atob is required");
          return src;
        }
      },
      stringify({ comment, type, value: value2 }, ctx, onComment, onChompKeep) {
        if (!value2)
          return "";
        const buf = value2;
        let str2;
        if (typeof node_buffer.Buffer === "function") {
          str2 = buf instanceof node_buffer.Buffer ? buf.toString("base64") : node_buffer.Buffer.from(buf.buffer).toString("base64");
        } else if (typeof btoa === "function") {
          let s = "";
          for (let i = 0; i < buf.length; ++i)
            s += String.fromCharCode(buf[i]);
          str2 = btoa(s);
        } else {
          throw new Error("This environment does not support writing binary tags; either Buffer or btoa is required");
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
          const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
          const n = Math.ceil(str2.length / lineWidth);
          const lines = new Array(n);
          for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
            lines[i] = str2.substr(o, lineWidth);
          }
          str2 = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? "\n" : " ");
        }
        return stringifyString.stringifyString({ comment, type, value: str2 }, ctx, onComment, onChompKeep);
      }
    };
    exports.binary = binary;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/pairs.js
var require_pairs = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/pairs.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLSeq = require_YAMLSeq();
    function resolvePairs(seq, onError) {
      if (identity.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
          let item = seq.items[i];
          if (identity.isPair(item))
            continue;
          else if (identity.isMap(item)) {
            if (item.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair2 = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
            if (item.commentBefore)
              pair2.key.commentBefore = pair2.key.commentBefore ? `${item.commentBefore}
${pair2.key.commentBefore}` : item.commentBefore;
            if (item.comment) {
              const cn = pair2.value ?? pair2.key;
              cn.comment = cn.comment ? `${item.comment}
${cn.comment}` : item.comment;
            }
            item = pair2;
          }
          seq.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq;
    }
    function createPairs(schema, iterable, ctx) {
      const { replacer } = ctx;
      const pairs2 = new YAMLSeq.YAMLSeq(schema);
      pairs2.tag = "tag:yaml.org,2002:pairs";
      let i = 0;
      if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
          if (typeof replacer === "function")
            it = replacer.call(iterable, String(i++), it);
          let key, value2;
          if (Array.isArray(it)) {
            if (it.length === 2) {
              key = it[0];
              value2 = it[1];
            } else
              throw new TypeError(`Expected [key, value] tuple: ${it}`);
          } else if (it && it instanceof Object) {
            const keys = Object.keys(it);
            if (keys.length === 1) {
              key = keys[0];
              value2 = it[key];
            } else {
              throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
            }
          } else {
            key = it;
          }
          pairs2.items.push(Pair.createPair(key, value2, ctx));
        }
      return pairs2;
    }
    var pairs = {
      collection: "seq",
      default: false,
      tag: "tag:yaml.org,2002:pairs",
      resolve: resolvePairs,
      createNode: createPairs
    };
    exports.createPairs = createPairs;
    exports.pairs = pairs;
    exports.resolvePairs = resolvePairs;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/omap.js
var require_omap = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/omap.js"(exports) {
    "use strict";
    var identity = require_identity();
    var toJS = require_toJS();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var pairs = require_pairs();
    var YAMLOMap = class _YAMLOMap extends YAMLSeq.YAMLSeq {
      constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = _YAMLOMap.tag;
      }
      /**
       * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
       * but TypeScript won't allow widening the signature of a child method.
       */
      toJSON(_, ctx) {
        if (!ctx)
          return super.toJSON(_);
        const map = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const pair2 of this.items) {
          let key, value2;
          if (identity.isPair(pair2)) {
            key = toJS.toJS(pair2.key, "", ctx);
            value2 = toJS.toJS(pair2.value, key, ctx);
          } else {
            key = toJS.toJS(pair2, "", ctx);
          }
          if (map.has(key))
            throw new Error("Ordered maps must not include duplicate keys");
          map.set(key, value2);
        }
        return map;
      }
      static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap2 = new this();
        omap2.items = pairs$1.items;
        return omap2;
      }
    };
    YAMLOMap.tag = "tag:yaml.org,2002:omap";
    var omap = {
      collection: "seq",
      identify: (value2) => value2 instanceof Map,
      nodeClass: YAMLOMap,
      default: false,
      tag: "tag:yaml.org,2002:omap",
      resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
          if (identity.isScalar(key)) {
            if (seenKeys.includes(key.value)) {
              onError(`Ordered maps must not include duplicate keys: ${key.value}`);
            } else {
              seenKeys.push(key.value);
            }
          }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
      },
      createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
    };
    exports.YAMLOMap = YAMLOMap;
    exports.omap = omap;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/bool.js
var require_bool2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function boolStringify({ value: value2, source: source2 }, ctx) {
      const boolObj = value2 ? trueTag : falseTag;
      if (source2 && boolObj.test.test(source2))
        return source2;
      return value2 ? ctx.options.trueStr : ctx.options.falseStr;
    }
    var trueTag = {
      identify: (value2) => value2 === true,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
      resolve: () => new Scalar.Scalar(true),
      stringify: boolStringify
    };
    var falseTag = {
      identify: (value2) => value2 === false,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
      resolve: () => new Scalar.Scalar(false),
      stringify: boolStringify
    };
    exports.falseTag = falseTag;
    exports.trueTag = trueTag;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/float.js
var require_float2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value2) => typeof value2 === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str2) => str2.slice(-3).toLowerCase() === "nan" ? NaN : str2[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value2) => typeof value2 === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
      resolve: (str2) => parseFloat(str2.replace(/_/g, "")),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value2) => typeof value2 === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str2) {
        const node = new Scalar.Scalar(parseFloat(str2.replace(/_/g, "")));
        const dot = str2.indexOf(".");
        if (dot !== -1) {
          const f = str2.substring(dot + 1).replace(/_/g, "");
          if (f[f.length - 1] === "0")
            node.minFractionDigits = f.length;
        }
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/int.js
var require_int2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value2) => typeof value2 === "bigint" || Number.isInteger(value2);
    function intResolve(str2, offset, radix, { intAsBigInt }) {
      const sign = str2[0];
      if (sign === "-" || sign === "+")
        offset += 1;
      str2 = str2.substring(offset).replace(/_/g, "");
      if (intAsBigInt) {
        switch (radix) {
          case 2:
            str2 = `0b${str2}`;
            break;
          case 8:
            str2 = `0o${str2}`;
            break;
          case 16:
            str2 = `0x${str2}`;
            break;
        }
        const n2 = BigInt(str2);
        return sign === "-" ? BigInt(-1) * n2 : n2;
      }
      const n = parseInt(str2, radix);
      return sign === "-" ? -1 * n : n;
    }
    function intStringify(node, radix, prefix) {
      const { value: value2 } = node;
      if (intIdentify(value2)) {
        const str2 = value2.toString(radix);
        return value2 < 0 ? "-" + prefix + str2.substr(1) : prefix + str2;
      }
      return stringifyNumber.stringifyNumber(node);
    }
    var intBin = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "BIN",
      test: /^[-+]?0b[0-1_]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 2, opt),
      stringify: (node) => intStringify(node, 2, "0b")
    };
    var intOct = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^[-+]?0[0-7_]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 1, 8, opt),
      stringify: (node) => intStringify(node, 8, "0")
    };
    var int2 = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9][0-9_]*$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^[-+]?0x[0-9a-fA-F_]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int2;
    exports.intBin = intBin;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/set.js
var require_set = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/set.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSet = class _YAMLSet extends YAMLMap.YAMLMap {
      constructor(schema) {
        super(schema);
        this.tag = _YAMLSet.tag;
      }
      add(key) {
        let pair2;
        if (identity.isPair(key))
          pair2 = key;
        else if (key && typeof key === "object" && "key" in key && "value" in key && key.value === null)
          pair2 = new Pair.Pair(key.key, null);
        else
          pair2 = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair2.key);
        if (!prev)
          this.items.push(pair2);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key, keepPair) {
        const pair2 = YAMLMap.findPair(this.items, key);
        return !keepPair && identity.isPair(pair2) ? identity.isScalar(pair2.key) ? pair2.key.value : pair2.key : pair2;
      }
      set(key, value2) {
        if (typeof value2 !== "boolean")
          throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value2}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value2) {
          this.items.splice(this.items.indexOf(prev), 1);
        } else if (!prev && value2) {
          this.items.push(new Pair.Pair(key));
        }
      }
      toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        if (this.hasAllNullValues(true))
          return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
          throw new Error("Set items must all have null values");
      }
      static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set2 = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
          for (let value2 of iterable) {
            if (typeof replacer === "function")
              value2 = replacer.call(iterable, value2, value2);
            set2.items.push(Pair.createPair(value2, null, ctx));
          }
        return set2;
      }
    };
    YAMLSet.tag = "tag:yaml.org,2002:set";
    var set = {
      collection: "map",
      identify: (value2) => value2 instanceof Set,
      nodeClass: YAMLSet,
      default: false,
      tag: "tag:yaml.org,2002:set",
      createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
      resolve(map, onError) {
        if (identity.isMap(map)) {
          if (map.hasAllNullValues(true))
            return Object.assign(new YAMLSet(), map);
          else
            onError("Set items must all have null values");
        } else
          onError("Expected a mapping for this tag");
        return map;
      }
    };
    exports.YAMLSet = YAMLSet;
    exports.set = set;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/timestamp.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    function parseSexagesimal(str2, asBigInt) {
      const sign = str2[0];
      const parts = sign === "-" || sign === "+" ? str2.substring(1) : str2;
      const num = (n) => asBigInt ? BigInt(n) : Number(n);
      const res = parts.replace(/_/g, "").split(":").reduce((res2, p) => res2 * num(60) + num(p), num(0));
      return sign === "-" ? num(-1) * res : res;
    }
    function stringifySexagesimal(node) {
      let { value: value2 } = node;
      let num = (n) => n;
      if (typeof value2 === "bigint")
        num = (n) => BigInt(n);
      else if (isNaN(value2) || !isFinite(value2))
        return stringifyNumber.stringifyNumber(node);
      let sign = "";
      if (value2 < 0) {
        sign = "-";
        value2 *= num(-1);
      }
      const _60 = num(60);
      const parts = [value2 % _60];
      if (value2 < 60) {
        parts.unshift(0);
      } else {
        value2 = (value2 - parts[0]) / _60;
        parts.unshift(value2 % _60);
        if (value2 >= 60) {
          value2 = (value2 - parts[0]) / _60;
          parts.unshift(value2);
        }
      }
      return sign + parts.map((n) => String(n).padStart(2, "0")).join(":").replace(/000000\d*$/, "");
    }
    var intTime = {
      identify: (value2) => typeof value2 === "bigint" || Number.isInteger(value2),
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
      resolve: (str2, _onError, { intAsBigInt }) => parseSexagesimal(str2, intAsBigInt),
      stringify: stringifySexagesimal
    };
    var floatTime = {
      identify: (value2) => typeof value2 === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
      resolve: (str2) => parseSexagesimal(str2, false),
      stringify: stringifySexagesimal
    };
    var timestamp = {
      identify: (value2) => value2 instanceof Date,
      default: true,
      tag: "tag:yaml.org,2002:timestamp",
      // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
      // may be omitted altogether, resulting in a date format. In such a case, the time part is
      // assumed to be 00:00:00Z (start of day, UTC).
      test: RegExp("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"),
      resolve(str2) {
        const match = str2.match(timestamp.test);
        if (!match)
          throw new Error("!!timestamp expects a date, starting with yyyy-mm-dd");
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + "00").substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== "Z") {
          let d = parseSexagesimal(tz, false);
          if (Math.abs(d) < 30)
            d *= 60;
          date -= 6e4 * d;
        }
        return new Date(date);
      },
      stringify: ({ value: value2 }) => value2?.toISOString().replace(/(T00:00:00)?\.000Z$/, "") ?? ""
    };
    exports.floatTime = floatTime;
    exports.intTime = intTime;
    exports.timestamp = timestamp;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/schema.js
var require_schema3 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string2 = require_string();
    var binary = require_binary();
    var bool2 = require_bool2();
    var float = require_float2();
    var int2 = require_int2();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var set = require_set();
    var timestamp = require_timestamp();
    var schema = [
      map.map,
      seq.seq,
      string2.string,
      _null.nullTag,
      bool2.trueTag,
      bool2.falseTag,
      int2.intBin,
      int2.intOct,
      int2.int,
      int2.intHex,
      float.floatNaN,
      float.floatExp,
      float.float,
      binary.binary,
      merge.merge,
      omap.omap,
      pairs.pairs,
      set.set,
      timestamp.intTime,
      timestamp.floatTime,
      timestamp.timestamp
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/tags.js
var require_tags = __commonJS({
  "node_modules/yaml/dist/schema/tags.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string2 = require_string();
    var bool2 = require_bool();
    var float = require_float();
    var int2 = require_int();
    var schema = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var schema$2 = require_schema3();
    var set = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema.schema],
      ["failsafe", [map.map, seq.seq, string2.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool2.boolTag,
      float: float.float,
      floatExp: float.floatExp,
      floatNaN: float.floatNaN,
      floatTime: timestamp.floatTime,
      int: int2.int,
      intHex: int2.intHex,
      intOct: int2.intOct,
      intTime: timestamp.intTime,
      map: map.map,
      merge: merge.merge,
      null: _null.nullTag,
      omap: omap.omap,
      pairs: pairs.pairs,
      seq: seq.seq,
      set: set.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs.pairs,
      "tag:yaml.org,2002:set": set.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge.merge) ? schemaTags.concat(merge.merge) : schemaTags.slice();
      }
      let tags = schemaTags;
      if (!tags) {
        if (Array.isArray(customTags))
          tags = [];
        else {
          const keys = Array.from(schemas.keys()).filter((key) => key !== "yaml11").map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
      }
      if (Array.isArray(customTags)) {
        for (const tag of customTags)
          tags = tags.concat(tag);
      } else if (typeof customTags === "function") {
        tags = customTags(tags.slice());
      }
      if (addMergeTag)
        tags = tags.concat(merge.merge);
      return tags.reduce((tags2, tag) => {
        const tagObj = typeof tag === "string" ? tagsByName[tag] : tag;
        if (!tagObj) {
          const tagName = JSON.stringify(tag);
          const keys = Object.keys(tagsByName).map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags2.includes(tagObj))
          tags2.push(tagObj);
        return tags2;
      }, []);
    }
    exports.coreKnownTags = coreKnownTags;
    exports.getTags = getTags;
  }
});

// node_modules/yaml/dist/schema/Schema.js
var require_Schema = __commonJS({
  "node_modules/yaml/dist/schema/Schema.js"(exports) {
    "use strict";
    var identity = require_identity();
    var map = require_map();
    var seq = require_seq();
    var string2 = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    var Schema = class _Schema {
      constructor({ compat, customTags, merge, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema === "string" && schema || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map.map });
        Object.defineProperty(this, identity.SCALAR, { value: string2.string });
        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
        this.sortMapEntries = typeof sortMapEntries === "function" ? sortMapEntries : sortMapEntries === true ? sortMapEntriesByKey : null;
      }
      clone() {
        const copy = Object.create(_Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
      }
    };
    exports.Schema = Schema;
  }
});

// node_modules/yaml/dist/stringify/stringifyDocument.js
var require_stringifyDocument = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyDocument.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyDocument(doc, options) {
      const lines = [];
      let hasDirectives = options.directives === true;
      if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
          lines.push(dir);
          hasDirectives = true;
        } else if (doc.directives.docStart)
          hasDirectives = true;
      }
      if (hasDirectives)
        lines.push("---");
      const ctx = stringify.createStringifyContext(doc, options);
      const { commentString } = ctx.options;
      if (doc.commentBefore) {
        if (lines.length !== 1)
          lines.unshift("");
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ""));
      }
      let chompKeep = false;
      let contentComment = null;
      if (doc.contents) {
        if (identity.isNode(doc.contents)) {
          if (doc.contents.spaceBefore && hasDirectives)
            lines.push("");
          if (doc.contents.commentBefore) {
            const cs = commentString(doc.contents.commentBefore);
            lines.push(stringifyComment.indentComment(cs, ""));
          }
          ctx.forceBlockIndent = !!doc.comment;
          contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? void 0 : () => chompKeep = true;
        let body = stringify.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify.stringify(doc.contents, ctx));
      }
      if (doc.directives?.docEnd) {
        if (doc.comment) {
          const cs = commentString(doc.comment);
          if (cs.includes("\n")) {
            lines.push("...");
            lines.push(stringifyComment.indentComment(cs, ""));
          } else {
            lines.push(`... ${cs}`);
          }
        } else {
          lines.push("...");
        }
      } else {
        let dc = doc.comment;
        if (dc && chompKeep)
          dc = dc.replace(/^\n+/, "");
        if (dc) {
          if ((!chompKeep || contentComment) && lines[lines.length - 1] !== "")
            lines.push("");
          lines.push(stringifyComment.indentComment(commentString(dc), ""));
        }
      }
      return lines.join("\n") + "\n";
    }
    exports.stringifyDocument = stringifyDocument;
  }
});

// node_modules/yaml/dist/doc/Document.js
var require_Document = __commonJS({
  "node_modules/yaml/dist/doc/Document.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var toJS = require_toJS();
    var Schema = require_Schema();
    var stringifyDocument = require_stringifyDocument();
    var anchors = require_anchors();
    var applyReviver = require_applyReviver();
    var createNode = require_createNode();
    var directives = require_directives();
    var Document = class _Document {
      constructor(value2, replacer, options) {
        this.commentBefore = null;
        this.comment = null;
        this.errors = [];
        this.warnings = [];
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
        let _replacer = null;
        if (typeof replacer === "function" || Array.isArray(replacer)) {
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const opt = Object.assign({
          intAsBigInt: false,
          keepSourceTokens: false,
          logLevel: "warn",
          prettyErrors: true,
          strict: true,
          stringKeys: false,
          uniqueKeys: true,
          version: "1.2"
        }, options);
        this.options = opt;
        let { version } = opt;
        if (options?._directives) {
          this.directives = options._directives.atDocument();
          if (this.directives.yaml.explicit)
            version = this.directives.yaml.version;
        } else
          this.directives = new directives.Directives({ version });
        this.setSchema(version, options);
        this.contents = value2 === void 0 ? null : this.createNode(value2, _replacer, options);
      }
      /**
       * Create a deep copy of this Document and its contents.
       *
       * Custom Node values that inherit from `Object` still refer to their original instances.
       */
      clone() {
        const copy = Object.create(_Document.prototype, {
          [identity.NODE_TYPE]: { value: identity.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
          copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        copy.contents = identity.isNode(this.contents) ? this.contents.clone(copy.schema) : this.contents;
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** Adds a value to the document. */
      add(value2) {
        if (assertCollection(this.contents))
          this.contents.add(value2);
      }
      /** Adds a value to the document. */
      addIn(path, value2) {
        if (assertCollection(this.contents))
          this.contents.addIn(path, value2);
      }
      /**
       * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
       *
       * If `node` already has an anchor, `name` is ignored.
       * Otherwise, the `node.anchor` value will be set to `name`,
       * or if an anchor with that name is already present in the document,
       * `name` will be used as a prefix for a new unique anchor.
       * If `name` is undefined, the generated anchor will use 'a' as a prefix.
       */
      createAlias(node, name) {
        if (!node.anchor) {
          const prev = anchors.anchorNames(this);
          node.anchor = // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          !name || prev.has(name) ? anchors.findNewAnchor(name || "a", prev) : name;
        }
        return new Alias.Alias(node.anchor);
      }
      createNode(value2, replacer, options) {
        let _replacer = void 0;
        if (typeof replacer === "function") {
          value2 = replacer.call({ "": value2 }, "", value2);
          _replacer = replacer;
        } else if (Array.isArray(replacer)) {
          const keyToStr = (v) => typeof v === "number" || v instanceof String || v instanceof Number;
          const asStr = replacer.filter(keyToStr).map(String);
          if (asStr.length > 0)
            replacer = replacer.concat(asStr);
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(
          this,
          // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          anchorPrefix || "a"
        );
        const ctx = {
          aliasDuplicateObjects: aliasDuplicateObjects ?? true,
          keepUndefined: keepUndefined ?? false,
          onAnchor,
          onTagObj,
          replacer: _replacer,
          schema: this.schema,
          sourceObjects
        };
        const node = createNode.createNode(value2, tag, ctx);
        if (flow && identity.isCollection(node))
          node.flow = true;
        setAnchors();
        return node;
      }
      /**
       * Convert a key and a value into a `Pair` using the current schema,
       * recursively wrapping all values as `Scalar` or `Collection` nodes.
       */
      createPair(key, value2, options = {}) {
        const k = this.createNode(key, null, options);
        const v = this.createNode(value2, null, options);
        return new Pair.Pair(k, v);
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        if (Collection.isEmptyPath(path)) {
          if (this.contents == null)
            return false;
          this.contents = null;
          return true;
        }
        return assertCollection(this.contents) ? this.contents.deleteIn(path) : false;
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      get(key, keepScalar) {
        return identity.isCollection(this.contents) ? this.contents.get(key, keepScalar) : void 0;
      }
      /**
       * Returns item at `path`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        if (Collection.isEmptyPath(path))
          return !keepScalar && identity.isScalar(this.contents) ? this.contents.value : this.contents;
        return identity.isCollection(this.contents) ? this.contents.getIn(path, keepScalar) : void 0;
      }
      /**
       * Checks if the document includes a value with the key `key`.
       */
      has(key) {
        return identity.isCollection(this.contents) ? this.contents.has(key) : false;
      }
      /**
       * Checks if the document includes a value at `path`.
       */
      hasIn(path) {
        if (Collection.isEmptyPath(path))
          return this.contents !== void 0;
        return identity.isCollection(this.contents) ? this.contents.hasIn(path) : false;
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      set(key, value2) {
        if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, [key], value2);
        } else if (assertCollection(this.contents)) {
          this.contents.set(key, value2);
        }
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value2) {
        if (Collection.isEmptyPath(path)) {
          this.contents = value2;
        } else if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value2);
        } else if (assertCollection(this.contents)) {
          this.contents.setIn(path, value2);
        }
      }
      /**
       * Change the YAML version and schema used by the document.
       * A `null` version disables support for directives, explicit tags, anchors, and aliases.
       * It also requires the `schema` option to be given as a `Schema` instance value.
       *
       * Overrides all previously set schema options.
       */
      setSchema(version, options = {}) {
        if (typeof version === "number")
          version = String(version);
        let opt;
        switch (version) {
          case "1.1":
            if (this.directives)
              this.directives.yaml.version = "1.1";
            else
              this.directives = new directives.Directives({ version: "1.1" });
            opt = { resolveKnownTags: false, schema: "yaml-1.1" };
            break;
          case "1.2":
          case "next":
            if (this.directives)
              this.directives.yaml.version = version;
            else
              this.directives = new directives.Directives({ version });
            opt = { resolveKnownTags: true, schema: "core" };
            break;
          case null:
            if (this.directives)
              delete this.directives;
            opt = null;
            break;
          default: {
            const sv = JSON.stringify(version);
            throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
          }
        }
        if (options.schema instanceof Object)
          this.schema = options.schema;
        else if (opt)
          this.schema = new Schema.Schema(Object.assign(opt, options));
        else
          throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
      }
      // json & jsonArg are only used from toJSON()
      toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count: count4, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count4);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
      /**
       * A JSON representation of the document `contents`.
       *
       * @param jsonArg Used by `JSON.stringify` to indicate the array index or
       *   property name.
       */
      toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
      }
      /** A YAML representation of the document. */
      toString(options = {}) {
        if (this.errors.length > 0)
          throw new Error("Document with errors cannot be stringified");
        if ("indent" in options && (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
          const s = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
      }
    };
    function assertCollection(contents) {
      if (identity.isCollection(contents))
        return true;
      throw new Error("Expected a YAML collection as document contents");
    }
    exports.Document = Document;
  }
});

// node_modules/yaml/dist/errors.js
var require_errors = __commonJS({
  "node_modules/yaml/dist/errors.js"(exports) {
    "use strict";
    var YAMLError = class extends Error {
      constructor(name, pos, code2, message2) {
        super();
        this.name = name;
        this.code = code2;
        this.message = message2;
        this.pos = pos;
      }
    };
    var YAMLParseError = class extends YAMLError {
      constructor(pos, code2, message2) {
        super("YAMLParseError", pos, code2, message2);
      }
    };
    var YAMLWarning = class extends YAMLError {
      constructor(pos, code2, message2) {
        super("YAMLWarning", pos, code2, message2);
      }
    };
    var prettifyError = (src, lc) => (error) => {
      if (error.pos[0] === -1)
        return;
      error.linePos = error.pos.map((pos) => lc.linePos(pos));
      const { line, col } = error.linePos[0];
      error.message += ` at line ${line}, column ${col}`;
      let ci = col - 1;
      let lineStr = src.substring(lc.lineStarts[line - 1], lc.lineStarts[line]).replace(/[\n\r]+$/, "");
      if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = "\u2026" + lineStr.substring(trimStart);
        ci -= trimStart - 1;
      }
      if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + "\u2026";
      if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
          prev = prev.substring(0, 79) + "\u2026\n";
        lineStr = prev + lineStr;
      }
      if (/[^ ]/.test(lineStr)) {
        let count4 = 1;
        const end = error.linePos[1];
        if (end?.line === line && end.col > col) {
          count4 = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = " ".repeat(ci) + "^".repeat(count4);
        error.message += `:

${lineStr}
${pointer}
`;
      }
    };
    exports.YAMLError = YAMLError;
    exports.YAMLParseError = YAMLParseError;
    exports.YAMLWarning = YAMLWarning;
    exports.prettifyError = prettifyError;
  }
});

// node_modules/yaml/dist/compose/resolve-props.js
var require_resolve_props = __commonJS({
  "node_modules/yaml/dist/compose/resolve-props.js"(exports) {
    "use strict";
    function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
      let spaceBefore = false;
      let atNewline = startOnNewline;
      let hasSpace = startOnNewline;
      let comment = "";
      let commentSep = "";
      let hasNewline = false;
      let reqSpace = false;
      let tab = null;
      let anchor = null;
      let tag = null;
      let newlineAfterProp = null;
      let comma = null;
      let found = null;
      let start = null;
      for (const token of tokens) {
        if (reqSpace) {
          if (token.type !== "space" && token.type !== "newline" && token.type !== "comma")
            onError(token.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
          reqSpace = false;
        }
        if (tab) {
          if (atNewline && token.type !== "comment" && token.type !== "newline") {
            onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
          }
          tab = null;
        }
        switch (token.type) {
          case "space":
            if (!flow && (indicator !== "doc-start" || next?.type !== "flow-collection") && token.source.includes("	")) {
              tab = token;
            }
            hasSpace = true;
            break;
          case "comment": {
            if (!hasSpace)
              onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
            const cb = token.source.substring(1) || " ";
            if (!comment)
              comment = cb;
            else
              comment += commentSep + cb;
            commentSep = "";
            atNewline = false;
            break;
          }
          case "newline":
            if (atNewline) {
              if (comment)
                comment += token.source;
              else if (!found || indicator !== "seq-item-ind")
                spaceBefore = true;
            } else
              commentSep += token.source;
            atNewline = true;
            hasNewline = true;
            if (anchor || tag)
              newlineAfterProp = token;
            hasSpace = true;
            break;
          case "anchor":
            if (anchor)
              onError(token, "MULTIPLE_ANCHORS", "A node can have at most one anchor");
            if (token.source.endsWith(":"))
              onError(token.offset + token.source.length - 1, "BAD_ALIAS", "Anchor ending in : is ambiguous", true);
            anchor = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          case "tag": {
            if (tag)
              onError(token, "MULTIPLE_TAGS", "A node can have at most one tag");
            tag = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          }
          case indicator:
            if (anchor || tag)
              onError(token, "BAD_PROP_ORDER", `Anchors and tags must be after the ${token.source} indicator`);
            if (found)
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.source} in ${flow ?? "collection"}`);
            found = token;
            atNewline = indicator === "seq-item-ind" || indicator === "explicit-key-ind";
            hasSpace = false;
            break;
          case "comma":
            if (flow) {
              if (comma)
                onError(token, "UNEXPECTED_TOKEN", `Unexpected , in ${flow}`);
              comma = token;
              atNewline = false;
              hasSpace = false;
              break;
            }
          // else fallthrough
          default:
            onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.type} token`);
            atNewline = false;
            hasSpace = false;
        }
      }
      const last = tokens[tokens.length - 1];
      const end = last ? last.offset + last.source.length : offset;
      if (reqSpace && next && next.type !== "space" && next.type !== "newline" && next.type !== "comma" && (next.type !== "scalar" || next.source !== "")) {
        onError(next.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
      }
      if (tab && (atNewline && tab.indent <= parentIndent || next?.type === "block-map" || next?.type === "block-seq"))
        onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
      return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
      };
    }
    exports.resolveProps = resolveProps;
  }
});

// node_modules/yaml/dist/compose/util-contains-newline.js
var require_util_contains_newline = __commonJS({
  "node_modules/yaml/dist/compose/util-contains-newline.js"(exports) {
    "use strict";
    function containsNewline(key) {
      if (!key)
        return null;
      switch (key.type) {
        case "alias":
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          if (key.source.includes("\n"))
            return true;
          if (key.end) {
            for (const st of key.end)
              if (st.type === "newline")
                return true;
          }
          return false;
        case "flow-collection":
          for (const it of key.items) {
            for (const st of it.start)
              if (st.type === "newline")
                return true;
            if (it.sep) {
              for (const st of it.sep)
                if (st.type === "newline")
                  return true;
            }
            if (containsNewline(it.key) || containsNewline(it.value))
              return true;
          }
          return false;
        default:
          return true;
      }
    }
    exports.containsNewline = containsNewline;
  }
});

// node_modules/yaml/dist/compose/util-flow-indent-check.js
var require_util_flow_indent_check = __commonJS({
  "node_modules/yaml/dist/compose/util-flow-indent-check.js"(exports) {
    "use strict";
    var utilContainsNewline = require_util_contains_newline();
    function flowIndentCheck(indent, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end = fc.end[0];
        if (end.indent === indent && (end.source === "]" || end.source === "}") && utilContainsNewline.containsNewline(fc)) {
          const msg = "Flow end indicator should be more indented than parent";
          onError(end, "BAD_INDENT", msg, true);
        }
      }
    }
    exports.flowIndentCheck = flowIndentCheck;
  }
});

// node_modules/yaml/dist/compose/util-map-includes.js
var require_util_map_includes = __commonJS({
  "node_modules/yaml/dist/compose/util-map-includes.js"(exports) {
    "use strict";
    var identity = require_identity();
    function mapIncludes(ctx, items, search) {
      const { uniqueKeys } = ctx.options;
      if (uniqueKeys === false)
        return false;
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b) => a === b || identity.isScalar(a) && identity.isScalar(b) && a.value === b.value;
      return items.some((pair2) => isEqual(pair2.key, search));
    }
    exports.mapIncludes = mapIncludes;
  }
});

// node_modules/yaml/dist/compose/resolve-block-map.js
var require_resolve_block_map = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-map.js"(exports) {
    "use strict";
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    var utilMapIncludes = require_util_map_includes();
    var startColMsg = "All mapping items must start at the same column";
    function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
      const map = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      let offset = bm.offset;
      let commentEnd = null;
      for (const collItem of bm.items) {
        const { start, key, sep: sep4, value: value2 } = collItem;
        const keyProps = resolveProps.resolveProps(start, {
          indicator: "explicit-key-ind",
          next: key ?? sep4?.[0],
          offset,
          onError,
          parentIndent: bm.indent,
          startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
          if (key) {
            if (key.type === "block-seq")
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "A block sequence may not be used as an implicit map key");
            else if ("indent" in key && key.indent !== bm.indent)
              onError(offset, "BAD_INDENT", startColMsg);
          }
          if (!keyProps.anchor && !keyProps.tag && !sep4) {
            commentEnd = keyProps.end;
            if (keyProps.comment) {
              if (map.comment)
                map.comment += "\n" + keyProps.comment;
              else
                map.comment = keyProps.comment;
            }
            continue;
          }
          if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
            onError(key ?? start[start.length - 1], "MULTILINE_IMPLICIT_KEY", "Implicit keys need to be on a single line");
          }
        } else if (keyProps.found?.indent !== bm.indent) {
          onError(offset, "BAD_INDENT", startColMsg);
        }
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key ? composeNode(ctx, key, keyProps, onError) : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
          onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep4 ?? [], {
          indicator: "map-value-ind",
          next: value2,
          offset: keyNode.range[2],
          onError,
          parentIndent: bm.indent,
          startOnNewline: !key || key.type === "block-scalar"
        });
        offset = valueProps.end;
        if (valueProps.found) {
          if (implicitKey) {
            if (value2?.type === "block-map" && !valueProps.hasNewline)
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "Nested mappings are not allowed in compact mappings");
            if (ctx.options.strict && keyProps.start < valueProps.found.offset - 1024)
              onError(keyNode.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value2 ? composeNode(ctx, value2, valueProps, onError) : composeEmptyNode(ctx, offset, sep4, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value2, onError);
          offset = valueNode.range[2];
          const pair2 = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair2.srcToken = collItem;
          map.items.push(pair2);
        } else {
          if (implicitKey)
            onError(keyNode.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair2 = new Pair.Pair(keyNode);
          if (ctx.options.keepSourceTokens)
            pair2.srcToken = collItem;
          map.items.push(pair2);
        }
      }
      if (commentEnd && commentEnd < offset)
        onError(commentEnd, "IMPOSSIBLE", "Map comment with trailing content");
      map.range = [bm.offset, offset, commentEnd ?? offset];
      return map;
    }
    exports.resolveBlockMap = resolveBlockMap;
  }
});

// node_modules/yaml/dist/compose/resolve-block-seq.js
var require_resolve_block_seq = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-seq.js"(exports) {
    "use strict";
    var YAMLSeq = require_YAMLSeq();
    var resolveProps = require_resolve_props();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
      const seq = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = bs.offset;
      let commentEnd = null;
      for (const { start, value: value2 } of bs.items) {
        const props = resolveProps.resolveProps(start, {
          indicator: "seq-item-ind",
          next: value2,
          offset,
          onError,
          parentIndent: bs.indent,
          startOnNewline: true
        });
        if (!props.found) {
          if (props.anchor || props.tag || value2) {
            if (value2?.type === "block-seq")
              onError(props.end, "BAD_INDENT", "All sequence items must start at the same column");
            else
              onError(offset, "MISSING_CHAR", "Sequence item without - indicator");
          } else {
            commentEnd = props.end;
            if (props.comment)
              seq.comment = props.comment;
            continue;
          }
        }
        const node = value2 ? composeNode(ctx, value2, props, onError) : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs.indent, value2, onError);
        offset = node.range[2];
        seq.items.push(node);
      }
      seq.range = [bs.offset, offset, commentEnd ?? offset];
      return seq;
    }
    exports.resolveBlockSeq = resolveBlockSeq;
  }
});

// node_modules/yaml/dist/compose/resolve-end.js
var require_resolve_end = __commonJS({
  "node_modules/yaml/dist/compose/resolve-end.js"(exports) {
    "use strict";
    function resolveEnd(end, offset, reqSpace, onError) {
      let comment = "";
      if (end) {
        let hasSpace = false;
        let sep4 = "";
        for (const token of end) {
          const { source: source2, type } = token;
          switch (type) {
            case "space":
              hasSpace = true;
              break;
            case "comment": {
              if (reqSpace && !hasSpace)
                onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
              const cb = source2.substring(1) || " ";
              if (!comment)
                comment = cb;
              else
                comment += sep4 + cb;
              sep4 = "";
              break;
            }
            case "newline":
              if (comment)
                sep4 += source2;
              hasSpace = true;
              break;
            default:
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${type} at node end`);
          }
          offset += source2.length;
        }
      }
      return { comment, offset };
    }
    exports.resolveEnd = resolveEnd;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-collection.js
var require_resolve_flow_collection = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilMapIncludes = require_util_map_includes();
    var blockMsg = "Block collections are not allowed within flow collections";
    var isBlock = (token) => token && (token.type === "block-map" || token.type === "block-seq");
    function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
      const isMap2 = fc.start.source === "{";
      const fcName = isMap2 ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap2 ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
      const coll = new NodeClass(ctx.schema);
      coll.flow = true;
      const atRoot = ctx.atRoot;
      if (atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = fc.offset + fc.start.source.length;
      for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key, sep: sep4, value: value2 } = collItem;
        const props = resolveProps.resolveProps(start, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key ?? sep4?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep4 && !value2) {
            if (i === 0 && props.comma)
              onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
            else if (i < fc.items.length - 1)
              onError(props.start, "UNEXPECTED_TOKEN", `Unexpected empty item in ${fcName}`);
            if (props.comment) {
              if (coll.comment)
                coll.comment += "\n" + props.comment;
              else
                coll.comment = props.comment;
            }
            offset = props.end;
            continue;
          }
          if (!isMap2 && ctx.options.strict && utilContainsNewline.containsNewline(key))
            onError(
              key,
              // checked by containsNewline()
              "MULTILINE_IMPLICIT_KEY",
              "Implicit keys of flow sequence pairs need to be on a single line"
            );
        }
        if (i === 0) {
          if (props.comma)
            onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
        } else {
          if (!props.comma)
            onError(props.start, "MISSING_CHAR", `Missing , between ${fcName} items`);
          if (props.comment) {
            let prevItemComment = "";
            loop: for (const st of start) {
              switch (st.type) {
                case "comma":
                case "space":
                  break;
                case "comment":
                  prevItemComment = st.source.substring(1);
                  break loop;
                default:
                  break loop;
              }
            }
            if (prevItemComment) {
              let prev = coll.items[coll.items.length - 1];
              if (identity.isPair(prev))
                prev = prev.value ?? prev.key;
              if (prev.comment)
                prev.comment += "\n" + prevItemComment;
              else
                prev.comment = prevItemComment;
              props.comment = props.comment.substring(prevItemComment.length + 1);
            }
          }
        }
        if (!isMap2 && !sep4 && !props.found) {
          const valueNode = value2 ? composeNode(ctx, value2, props, onError) : composeEmptyNode(ctx, props.end, sep4, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value2))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart = props.end;
          const keyNode = key ? composeNode(ctx, key, props, onError) : composeEmptyNode(ctx, keyStart, start, null, props, onError);
          if (isBlock(key))
            onError(keyNode.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep4 ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value2,
            offset: keyNode.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap2 && !props.found && ctx.options.strict) {
              if (sep4)
                for (const st of sep4) {
                  if (st === valueProps.found)
                    break;
                  if (st.type === "newline") {
                    onError(st, "MULTILINE_IMPLICIT_KEY", "Implicit keys of flow sequence pairs need to be on a single line");
                    break;
                  }
                }
              if (props.start < valueProps.found.offset - 1024)
                onError(valueProps.found, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit flow sequence key");
            }
          } else if (value2) {
            if ("source" in value2 && value2.source?.[0] === ":")
              onError(value2, "MISSING_CHAR", `Missing space after : in ${fcName}`);
            else
              onError(valueProps.start, "MISSING_CHAR", `Missing , or : between ${fcName} items`);
          }
          const valueNode = value2 ? composeNode(ctx, value2, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep4, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value2))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair2 = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair2.srcToken = collItem;
          if (isMap2) {
            const map = coll;
            if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
              onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
            map.items.push(pair2);
          } else {
            const map = new YAMLMap.YAMLMap(ctx.schema);
            map.flow = true;
            map.items.push(pair2);
            const endRange = (valueNode ?? keyNode).range;
            map.range = [keyNode.range[0], endRange[1], endRange[2]];
            coll.items.push(map);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap2 ? "}" : "]";
      const [ce, ...ee] = fc.end;
      let cePos = offset;
      if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
      else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot ? `${name} must end with a ${expectedEnd}` : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? "MISSING_CHAR" : "BAD_INDENT", msg);
        if (ce && ce.source.length !== 1)
          ee.unshift(ce);
      }
      if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
          if (coll.comment)
            coll.comment += "\n" + end.comment;
          else
            coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
      } else {
        coll.range = [fc.offset, cePos, cePos];
      }
      return coll;
    }
    exports.resolveFlowCollection = resolveFlowCollection;
  }
});

// node_modules/yaml/dist/compose/compose-collection.js
var require_compose_collection = __commonJS({
  "node_modules/yaml/dist/compose/compose-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveBlockMap = require_resolve_block_map();
    var resolveBlockSeq = require_resolve_block_seq();
    var resolveFlowCollection = require_resolve_flow_collection();
    function resolveCollection(CN, ctx, token, onError, tagName, tag) {
      const coll = token.type === "block-map" ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag) : token.type === "block-seq" ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag) : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
      const Coll = coll.constructor;
      if (tagName === "!" || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
      }
      if (tagName)
        coll.tag = tagName;
      return coll;
    }
    function composeCollection(CN, ctx, token, props, onError) {
      const tagToken = props.tag;
      const tagName = !tagToken ? null : ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg));
      if (token.type === "block-seq") {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken ? anchor.offset > tagToken.offset ? anchor : tagToken : anchor ?? tagToken;
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
          const message2 = "Missing newline after block sequence props";
          onError(lastProp, "MISSING_CHAR", message2);
        }
      }
      const expType = token.type === "block-map" ? "map" : token.type === "block-seq" ? "seq" : token.start.source === "{" ? "map" : "seq";
      if (!tagToken || !tagName || tagName === "!" || tagName === YAMLMap.YAMLMap.tagName && expType === "map" || tagName === YAMLSeq.YAMLSeq.tagName && expType === "seq") {
        return resolveCollection(CN, ctx, token, onError, tagName);
      }
      let tag = ctx.schema.tags.find((t) => t.tag === tagName && t.collection === expType);
      if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
          ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
          tag = kt;
        } else {
          if (kt) {
            onError(tagToken, "BAD_COLLECTION_TYPE", `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? "scalar"}`, true);
          } else {
            onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, true);
          }
          return resolveCollection(CN, ctx, token, onError, tagName);
        }
      }
      const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
      const res = tag.resolve?.(coll, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg), ctx.options) ?? coll;
      const node = identity.isNode(res) ? res : new Scalar.Scalar(res);
      node.range = coll.range;
      node.tag = tagName;
      if (tag?.format)
        node.format = tag.format;
      return node;
    }
    exports.composeCollection = composeCollection;
  }
});

// node_modules/yaml/dist/compose/resolve-block-scalar.js
var require_resolve_block_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function resolveBlockScalar(ctx, scalar, onError) {
      const start = scalar.offset;
      const header = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
      if (!header)
        return { value: "", type: null, comment: "", range: [start, start, start] };
      const type = header.mode === ">" ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
      const lines = scalar.source ? splitLines(scalar.source) : [];
      let chompStart = lines.length;
      for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === "" || content === "\r")
          chompStart = i;
        else
          break;
      }
      if (chompStart === 0) {
        const value3 = header.chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
        let end2 = start + header.length;
        if (scalar.source)
          end2 += scalar.source.length;
        return { value: value3, type, comment: header.comment, range: [start, end2, end2] };
      }
      let trimIndent = scalar.indent + header.indent;
      let offset = scalar.offset + header.length;
      let contentStart = 0;
      for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header.indent === 0 && indent.length > trimIndent)
            trimIndent = indent.length;
        } else {
          if (indent.length < trimIndent) {
            const message2 = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent.length, "MISSING_CHAR", message2);
          }
          if (header.indent === 0)
            trimIndent = indent.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message2 = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message2);
          }
          break;
        }
        offset += indent.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value2 = "";
      let sep4 = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value2 += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent.length < trimIndent) {
          const src = header.indent ? "explicit indentation indicator" : "first line";
          const message2 = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message2);
          indent = "";
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
          value2 += sep4 + indent.slice(trimIndent) + content;
          sep4 = "\n";
        } else if (indent.length > trimIndent || content[0] === "	") {
          if (sep4 === " ")
            sep4 = "\n";
          else if (!prevMoreIndented && sep4 === "\n")
            sep4 = "\n\n";
          value2 += sep4 + indent.slice(trimIndent) + content;
          sep4 = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep4 === "\n")
            value2 += "\n";
          else
            sep4 = "\n";
        } else {
          value2 += sep4 + content;
          sep4 = " ";
          prevMoreIndented = false;
        }
      }
      switch (header.chomp) {
        case "-":
          break;
        case "+":
          for (let i = chompStart; i < lines.length; ++i)
            value2 += "\n" + lines[i][0].slice(trimIndent);
          if (value2[value2.length - 1] !== "\n")
            value2 += "\n";
          break;
        default:
          value2 += "\n";
      }
      const end = start + header.length + scalar.source.length;
      return { value: value2, type, comment: header.comment, range: [start, end, end] };
    }
    function parseBlockScalarHeader({ offset, props }, strict, onError) {
      if (props[0].type !== "block-scalar-header") {
        onError(props[0], "IMPOSSIBLE", "Block scalar header not found");
        return null;
      }
      const { source: source2 } = props[0];
      const mode = source2[0];
      let indent = 0;
      let chomp = "";
      let error = -1;
      for (let i = 1; i < source2.length; ++i) {
        const ch = source2[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n = Number(ch);
          if (!indent && n)
            indent = n;
          else if (error === -1)
            error = offset + i;
        }
      }
      if (error !== -1)
        onError(error, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source2}`);
      let hasSpace = false;
      let comment = "";
      let length = source2.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message2 = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message2);
            }
            length += token.source.length;
            comment = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message2 = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message2);
            const ts = token.source;
            if (ts && typeof ts === "string")
              length += ts.length;
          }
        }
      }
      return { mode, indent, chomp, comment, length };
    }
    function splitLines(source2) {
      const split = source2.split(/\n( *)/);
      const first = split[0];
      const m = first.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first.slice(m[1].length)] : ["", first];
      const lines = [line0];
      for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
      return lines;
    }
    exports.resolveBlockScalar = resolveBlockScalar;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-scalar.js
var require_resolve_flow_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var resolveEnd = require_resolve_end();
    function resolveFlowScalar(scalar, strict, onError) {
      const { offset, type, source: source2, end } = scalar;
      let _type;
      let value2;
      const _onError = (rel, code2, msg) => onError(offset + rel, code2, msg);
      switch (type) {
        case "scalar":
          _type = Scalar.Scalar.PLAIN;
          value2 = plainValue(source2, _onError);
          break;
        case "single-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_SINGLE;
          value2 = singleQuotedValue(source2, _onError);
          break;
        case "double-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_DOUBLE;
          value2 = doubleQuotedValue(source2, _onError);
          break;
        /* istanbul ignore next should not happen */
        default:
          onError(scalar, "UNEXPECTED_TOKEN", `Expected a flow scalar value, but found: ${type}`);
          return {
            value: "",
            type: null,
            comment: "",
            range: [offset, offset + source2.length, offset + source2.length]
          };
      }
      const valueEnd = offset + source2.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
      return {
        value: value2,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
      };
    }
    function plainValue(source2, onError) {
      let badChar = "";
      switch (source2[0]) {
        /* istanbul ignore next should not happen */
        case "	":
          badChar = "a tab character";
          break;
        case ",":
          badChar = "flow indicator character ,";
          break;
        case "%":
          badChar = "directive indicator character %";
          break;
        case "|":
        case ">": {
          badChar = `block scalar indicator ${source2[0]}`;
          break;
        }
        case "@":
        case "`": {
          badChar = `reserved character ${source2[0]}`;
          break;
        }
      }
      if (badChar)
        onError(0, "BAD_SCALAR_START", `Plain value cannot start with ${badChar}`);
      return unfoldLines(source2);
    }
    function singleQuotedValue(source2, onError) {
      if (source2[source2.length - 1] !== "'" || source2.length === 1)
        onError(source2.length, "MISSING_CHAR", "Missing closing 'quote");
      return unfoldLines(source2.slice(1, -1)).replace(/''/g, "'");
    }
    function unfoldLines(source2) {
      const line = /(.*?)\r?\n/sy;
      let match = line.exec(source2);
      if (!match)
        return source2;
      let trimEnd, trimBoth;
      try {
        trimEnd = new RegExp("(?<![ 	])[ 	]+$");
        trimBoth = new RegExp("^[ 	]+|(?<![ 	])[ 	]+$", "g");
      } catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
      }
      let res = match[1].replace(trimEnd, "");
      let sep4 = " ";
      let pos = line.lastIndex;
      while (match = line.exec(source2)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep4 === "\n")
            res += sep4;
          else
            sep4 = "\n";
        } else {
          res += sep4 + lm;
          sep4 = " ";
        }
        pos = line.lastIndex;
      }
      const last = /[ \t]*(.*)/sy;
      last.lastIndex = pos;
      match = last.exec(source2);
      return res + sep4 + (match?.[1] ?? "");
    }
    function doubleQuotedValue(source2, onError) {
      let res = "";
      for (let i = 1; i < source2.length - 1; ++i) {
        const ch = source2[i];
        if (ch === "\r" && source2[i + 1] === "\n")
          continue;
        if (ch === "\n") {
          const { fold, offset } = foldNewline(source2, i);
          res += fold;
          i = offset;
        } else if (ch === "\\") {
          let next = source2[++i];
          const cc = escapeCodes[next];
          if (cc)
            res += cc;
          else if (next === "\n") {
            next = source2[i + 1];
            while (next === " " || next === "	")
              next = source2[++i + 1];
          } else if (next === "\r" && source2[i + 1] === "\n") {
            next = source2[++i + 1];
            while (next === " " || next === "	")
              next = source2[++i + 1];
          } else if (next === "x" || next === "u" || next === "U") {
            const length = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source2, i + 1, length, onError);
            i += length;
          } else {
            const raw = source2.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
            res += raw;
          }
        } else if (ch === " " || ch === "	") {
          const wsStart = i;
          let next = source2[i + 1];
          while (next === " " || next === "	")
            next = source2[++i + 1];
          if (next !== "\n" && !(next === "\r" && source2[i + 2] === "\n"))
            res += i > wsStart ? source2.slice(wsStart, i + 1) : ch;
        } else {
          res += ch;
        }
      }
      if (source2[source2.length - 1] !== '"' || source2.length === 1)
        onError(source2.length, "MISSING_CHAR", 'Missing closing "quote');
      return res;
    }
    function foldNewline(source2, offset) {
      let fold = "";
      let ch = source2[offset + 1];
      while (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
        if (ch === "\r" && source2[offset + 2] !== "\n")
          break;
        if (ch === "\n")
          fold += "\n";
        offset += 1;
        ch = source2[offset + 1];
      }
      if (!fold)
        fold = " ";
      return { fold, offset };
    }
    var escapeCodes = {
      "0": "\0",
      // null character
      a: "\x07",
      // bell character
      b: "\b",
      // backspace
      e: "\x1B",
      // escape character
      f: "\f",
      // form feed
      n: "\n",
      // line feed
      r: "\r",
      // carriage return
      t: "	",
      // horizontal tab
      v: "\v",
      // vertical tab
      N: "\x85",
      // Unicode next line
      _: "\xA0",
      // Unicode non-breaking space
      L: "\u2028",
      // Unicode line separator
      P: "\u2029",
      // Unicode paragraph separator
      " ": " ",
      '"': '"',
      "/": "/",
      "\\": "\\",
      "	": "	"
    };
    function parseCharCode(source2, offset, length, onError) {
      const cc = source2.substr(offset, length);
      const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
      const code2 = ok ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code2);
      } catch {
        const raw = source2.substr(offset - 2, length + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
        return raw;
      }
    }
    exports.resolveFlowScalar = resolveFlowScalar;
  }
});

// node_modules/yaml/dist/compose/compose-scalar.js
var require_compose_scalar = __commonJS({
  "node_modules/yaml/dist/compose/compose-scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    function composeScalar(ctx, token, tagToken, onError) {
      const { value: value2, type, comment, range: range2 } = token.type === "block-scalar" ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError) : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
      const tagName = tagToken ? ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg)) : null;
      let tag;
      if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity.SCALAR];
      } else if (tagName)
        tag = findScalarTagByName(ctx.schema, value2, tagName, tagToken, onError);
      else if (token.type === "scalar")
        tag = findScalarTagByTest(ctx, value2, token, onError);
      else
        tag = ctx.schema[identity.SCALAR];
      let scalar;
      try {
        const res = tag.resolve(value2, (msg) => onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg), ctx.options);
        scalar = identity.isScalar(res) ? res : new Scalar.Scalar(res);
      } catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg);
        scalar = new Scalar.Scalar(value2);
      }
      scalar.range = range2;
      scalar.source = value2;
      if (type)
        scalar.type = type;
      if (tagName)
        scalar.tag = tagName;
      if (tag.format)
        scalar.format = tag.format;
      if (comment)
        scalar.comment = comment;
      return scalar;
    }
    function findScalarTagByName(schema, value2, tagName, tagToken, onError) {
      if (tagName === "!")
        return schema[identity.SCALAR];
      const matchWithTest = [];
      for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
          if (tag.default && tag.test)
            matchWithTest.push(tag);
          else
            return tag;
        }
      }
      for (const tag of matchWithTest)
        if (tag.test?.test(value2))
          return tag;
      const kt = schema.knownTags[tagName];
      if (kt && !kt.collection) {
        schema.tags.push(Object.assign({}, kt, { default: false, test: void 0 }));
        return kt;
      }
      onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, tagName !== "tag:yaml.org,2002:str");
      return schema[identity.SCALAR];
    }
    function findScalarTagByTest({ atKey, directives, schema }, value2, token, onError) {
      const tag = schema.tags.find((tag2) => (tag2.default === true || atKey && tag2.default === "key") && tag2.test?.test(value2)) || schema[identity.SCALAR];
      if (schema.compat) {
        const compat = schema.compat.find((tag2) => tag2.default && tag2.test?.test(value2)) ?? schema[identity.SCALAR];
        if (tag.tag !== compat.tag) {
          const ts = directives.tagString(tag.tag);
          const cs = directives.tagString(compat.tag);
          const msg = `Value may be parsed as either ${ts} or ${cs}`;
          onError(token, "TAG_RESOLVE_FAILED", msg, true);
        }
      }
      return tag;
    }
    exports.composeScalar = composeScalar;
  }
});

// node_modules/yaml/dist/compose/util-empty-scalar-position.js
var require_util_empty_scalar_position = __commonJS({
  "node_modules/yaml/dist/compose/util-empty-scalar-position.js"(exports) {
    "use strict";
    function emptyScalarPosition(offset, before, pos) {
      if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
          let st = before[i];
          switch (st.type) {
            case "space":
            case "comment":
            case "newline":
              offset -= st.source.length;
              continue;
          }
          st = before[++i];
          while (st?.type === "space") {
            offset += st.source.length;
            st = before[++i];
          }
          break;
        }
      }
      return offset;
    }
    exports.emptyScalarPosition = emptyScalarPosition;
  }
});

// node_modules/yaml/dist/compose/compose-node.js
var require_compose_node = __commonJS({
  "node_modules/yaml/dist/compose/compose-node.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var composeCollection = require_compose_collection();
    var composeScalar = require_compose_scalar();
    var resolveEnd = require_resolve_end();
    var utilEmptyScalarPosition = require_util_empty_scalar_position();
    var CN = { composeNode, composeEmptyNode };
    function composeNode(ctx, token, props, onError) {
      const atKey = ctx.atKey;
      const { spaceBefore, comment, anchor, tag } = props;
      let node;
      let isSrcToken = true;
      switch (token.type) {
        case "alias":
          node = composeAlias(ctx, token, onError);
          if (anchor || tag)
            onError(token, "ALIAS_PROPS", "An alias node must not specify any properties");
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "block-scalar":
          node = composeScalar.composeScalar(ctx, token, tag, onError);
          if (anchor)
            node.anchor = anchor.source.substring(1);
          break;
        case "block-map":
        case "block-seq":
        case "flow-collection":
          try {
            node = composeCollection.composeCollection(CN, ctx, token, props, onError);
            if (anchor)
              node.anchor = anchor.source.substring(1);
          } catch (error) {
            const message2 = error instanceof Error ? error.message : String(error);
            onError(token, "RESOURCE_EXHAUSTION", message2);
          }
          break;
        default: {
          const message2 = token.type === "error" ? token.message : `Unsupported token (type: ${token.type})`;
          onError(token, "UNEXPECTED_TOKEN", message2);
          isSrcToken = false;
        }
      }
      node ?? (node = composeEmptyNode(ctx, token.offset, void 0, null, props, onError));
      if (anchor && node.anchor === "")
        onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      if (atKey && ctx.options.stringKeys && (!identity.isScalar(node) || typeof node.value !== "string" || node.tag && node.tag !== "tag:yaml.org,2002:str")) {
        const msg = "With stringKeys, all keys must be strings";
        onError(tag ?? token, "NON_STRING_KEY", msg);
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        if (token.type === "scalar" && token.source === "")
          node.comment = comment;
        else
          node.commentBefore = comment;
      }
      if (ctx.options.keepSourceTokens && isSrcToken)
        node.srcToken = token;
      return node;
    }
    function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end }, onError) {
      const token = {
        type: "scalar",
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ""
      };
      const node = composeScalar.composeScalar(ctx, token, tag, onError);
      if (anchor) {
        node.anchor = anchor.source.substring(1);
        if (node.anchor === "")
          onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        node.comment = comment;
        node.range[2] = end;
      }
      return node;
    }
    function composeAlias({ options }, { offset, source: source2, end }, onError) {
      const alias = new Alias.Alias(source2.substring(1));
      if (alias.source === "")
        onError(offset, "BAD_ALIAS", "Alias cannot be an empty string");
      if (alias.source.endsWith(":"))
        onError(offset + source2.length - 1, "BAD_ALIAS", "Alias ending in : is ambiguous", true);
      const valueEnd = offset + source2.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
      alias.range = [offset, valueEnd, re.offset];
      if (re.comment)
        alias.comment = re.comment;
      return alias;
    }
    exports.composeEmptyNode = composeEmptyNode;
    exports.composeNode = composeNode;
  }
});

// node_modules/yaml/dist/compose/compose-doc.js
var require_compose_doc = __commonJS({
  "node_modules/yaml/dist/compose/compose-doc.js"(exports) {
    "use strict";
    var Document = require_Document();
    var composeNode = require_compose_node();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    function composeDoc(options, directives, { offset, start, value: value2, end }, onError) {
      const opts = Object.assign({ _directives: directives }, options);
      const doc = new Document.Document(void 0, opts);
      const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
      };
      const props = resolveProps.resolveProps(start, {
        indicator: "doc-start",
        next: value2 ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
      });
      if (props.found) {
        doc.directives.docStart = true;
        if (value2 && (value2.type === "block-map" || value2.type === "block-seq") && !props.hasNewline)
          onError(props.end, "MISSING_CHAR", "Block collection cannot start on same line with directives-end marker");
      }
      doc.contents = value2 ? composeNode.composeNode(ctx, value2, props, onError) : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
      const contentEnd = doc.contents.range[2];
      const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
      if (re.comment)
        doc.comment = re.comment;
      doc.range = [offset, contentEnd, re.offset];
      return doc;
    }
    exports.composeDoc = composeDoc;
  }
});

// node_modules/yaml/dist/compose/composer.js
var require_composer = __commonJS({
  "node_modules/yaml/dist/compose/composer.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var directives = require_directives();
    var Document = require_Document();
    var errors = require_errors();
    var identity = require_identity();
    var composeDoc = require_compose_doc();
    var resolveEnd = require_resolve_end();
    function getErrorPos(src) {
      if (typeof src === "number")
        return [src, src + 1];
      if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
      const { offset, source: source2 } = src;
      return [offset, offset + (typeof source2 === "string" ? source2.length : 1)];
    }
    function parsePrelude(prelude) {
      let comment = "";
      let atComment = false;
      let afterEmptyLine = false;
      for (let i = 0; i < prelude.length; ++i) {
        const source2 = prelude[i];
        switch (source2[0]) {
          case "#":
            comment += (comment === "" ? "" : afterEmptyLine ? "\n\n" : "\n") + (source2.substring(1) || " ");
            atComment = true;
            afterEmptyLine = false;
            break;
          case "%":
            if (prelude[i + 1]?.[0] !== "#")
              i += 1;
            atComment = false;
            break;
          default:
            if (!atComment)
              afterEmptyLine = true;
            atComment = false;
        }
      }
      return { comment, afterEmptyLine };
    }
    var Composer = class {
      constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source2, code2, message2, warning) => {
          const pos = getErrorPos(source2);
          if (warning)
            this.warnings.push(new errors.YAMLWarning(pos, code2, message2));
          else
            this.errors.push(new errors.YAMLParseError(pos, code2, message2));
        };
        this.directives = new directives.Directives({ version: options.version || "1.2" });
        this.options = options;
      }
      decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        if (comment) {
          const dc = doc.contents;
          if (afterDoc) {
            doc.comment = doc.comment ? `${doc.comment}
${comment}` : comment;
          } else if (afterEmptyLine || doc.directives.docStart || !dc) {
            doc.commentBefore = comment;
          } else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
            let it = dc.items[0];
            if (identity.isPair(it))
              it = it.key;
            const cb = it.commentBefore;
            it.commentBefore = cb ? `${comment}
${cb}` : comment;
          } else {
            const cb = dc.commentBefore;
            dc.commentBefore = cb ? `${comment}
${cb}` : comment;
          }
        }
        if (afterDoc) {
          for (let i = 0; i < this.errors.length; ++i)
            doc.errors.push(this.errors[i]);
          for (let i = 0; i < this.warnings.length; ++i)
            doc.warnings.push(this.warnings[i]);
        } else {
          doc.errors = this.errors;
          doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
      }
      /**
       * Current stream status information.
       *
       * Mostly useful at the end of input for an empty stream.
       */
      streamInfo() {
        return {
          comment: parsePrelude(this.prelude).comment,
          directives: this.directives,
          errors: this.errors,
          warnings: this.warnings
        };
      }
      /**
       * Compose tokens into documents.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
          yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
      }
      /** Advance the composer by one CST token. */
      *next(token) {
        if (node_process.env.LOG_STREAM)
          console.dir(token, { depth: null });
        switch (token.type) {
          case "directive":
            this.directives.add(token.source, (offset, message2, warning) => {
              const pos = getErrorPos(token);
              pos[0] += offset;
              this.onError(pos, "BAD_DIRECTIVE", message2, warning);
            });
            this.prelude.push(token.source);
            this.atDirectives = true;
            break;
          case "document": {
            const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
            if (this.atDirectives && !doc.directives.docStart)
              this.onError(token, "MISSING_CHAR", "Missing directives-end/doc-start indicator line");
            this.decorate(doc, false);
            if (this.doc)
              yield this.doc;
            this.doc = doc;
            this.atDirectives = false;
            break;
          }
          case "byte-order-mark":
          case "space":
            break;
          case "comment":
          case "newline":
            this.prelude.push(token.source);
            break;
          case "error": {
            const msg = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
            const error = new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg);
            if (this.atDirectives || !this.doc)
              this.errors.push(error);
            else
              this.doc.errors.push(error);
            break;
          }
          case "doc-end": {
            if (!this.doc) {
              const msg = "Unexpected doc-end without preceding document";
              this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg));
              break;
            }
            this.doc.directives.docEnd = true;
            const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
            this.decorate(this.doc, true);
            if (end.comment) {
              const dc = this.doc.comment;
              this.doc.comment = dc ? `${dc}
${end.comment}` : end.comment;
            }
            this.doc.range[2] = end.offset;
            break;
          }
          default:
            this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", `Unsupported token ${token.type}`));
        }
      }
      /**
       * Call at end of input to yield any remaining document.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
          this.decorate(this.doc, true);
          yield this.doc;
          this.doc = null;
        } else if (forceDoc) {
          const opts = Object.assign({ _directives: this.directives }, this.options);
          const doc = new Document.Document(void 0, opts);
          if (this.atDirectives)
            this.onError(endOffset, "MISSING_CHAR", "Missing directives-end indicator line");
          doc.range = [0, endOffset, endOffset];
          this.decorate(doc, false);
          yield doc;
        }
      }
    };
    exports.Composer = Composer;
  }
});

// node_modules/yaml/dist/parse/cst-scalar.js
var require_cst_scalar = __commonJS({
  "node_modules/yaml/dist/parse/cst-scalar.js"(exports) {
    "use strict";
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    var errors = require_errors();
    var stringifyString = require_stringifyString();
    function resolveAsScalar(token, strict = true, onError) {
      if (token) {
        const _onError = (pos, code2, message2) => {
          const offset = typeof pos === "number" ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
          if (onError)
            onError(offset, code2, message2);
          else
            throw new errors.YAMLParseError([offset, offset + 1], code2, message2);
        };
        switch (token.type) {
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
          case "block-scalar":
            return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
      }
      return null;
    }
    function createScalarToken(value2, context) {
      const { implicitKey = false, indent, inFlow = false, offset = -1, type = "PLAIN" } = context;
      const source2 = stringifyString.stringifyString({ type, value: value2 }, {
        implicitKey,
        indent: indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end = context.end ?? [
        { type: "newline", offset: -1, indent, source: "\n" }
      ];
      switch (source2[0]) {
        case "|":
        case ">": {
          const he = source2.indexOf("\n");
          const head2 = source2.substring(0, he);
          const body = source2.substring(he + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent, source: head2 }
          ];
          if (!addEndtoBlockProps(props, end))
            props.push({ type: "newline", offset: -1, indent, source: "\n" });
          return { type: "block-scalar", offset, indent, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent, source: source2, end };
        case "'":
          return { type: "single-quoted-scalar", offset, indent, source: source2, end };
        default:
          return { type: "scalar", offset, indent, source: source2, end };
      }
    }
    function setScalarValue(token, value2, context = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
      let indent = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent === "number")
        indent += 2;
      if (!type)
        switch (token.type) {
          case "single-quoted-scalar":
            type = "QUOTE_SINGLE";
            break;
          case "double-quoted-scalar":
            type = "QUOTE_DOUBLE";
            break;
          case "block-scalar": {
            const header = token.props[0];
            if (header.type !== "block-scalar-header")
              throw new Error("Invalid block scalar header");
            type = header.source[0] === ">" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
            break;
          }
          default:
            type = "PLAIN";
        }
      const source2 = stringifyString.stringifyString({ type, value: value2 }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      switch (source2[0]) {
        case "|":
        case ">":
          setBlockScalarValue(token, source2);
          break;
        case '"':
          setFlowScalarValue(token, source2, "double-quoted-scalar");
          break;
        case "'":
          setFlowScalarValue(token, source2, "single-quoted-scalar");
          break;
        default:
          setFlowScalarValue(token, source2, "scalar");
      }
    }
    function setBlockScalarValue(token, source2) {
      const he = source2.indexOf("\n");
      const head2 = source2.substring(0, he);
      const body = source2.substring(he + 1) + "\n";
      if (token.type === "block-scalar") {
        const header = token.props[0];
        if (header.type !== "block-scalar-header")
          throw new Error("Invalid block scalar header");
        header.source = head2;
        token.source = body;
      } else {
        const { offset } = token;
        const indent = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent, source: head2 }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent, source: "\n" });
        for (const key of Object.keys(token))
          if (key !== "type" && key !== "offset")
            delete token[key];
        Object.assign(token, { type: "block-scalar", indent, props, source: body });
      }
    }
    function addEndtoBlockProps(props, end) {
      if (end)
        for (const st of end)
          switch (st.type) {
            case "space":
            case "comment":
              props.push(st);
              break;
            case "newline":
              props.push(st);
              return true;
          }
      return false;
    }
    function setFlowScalarValue(token, source2, type) {
      switch (token.type) {
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          token.type = type;
          token.source = source2;
          break;
        case "block-scalar": {
          const end = token.props.slice(1);
          let oa = source2.length;
          if (token.props[0].type === "block-scalar-header")
            oa -= token.props[0].source.length;
          for (const tok of end)
            tok.offset += oa;
          delete token.props;
          Object.assign(token, { type, source: source2, end });
          break;
        }
        case "block-map":
        case "block-seq": {
          const offset = token.offset + source2.length;
          const nl = { type: "newline", offset, indent: token.indent, source: "\n" };
          delete token.items;
          Object.assign(token, { type, source: source2, end: [nl] });
          break;
        }
        default: {
          const indent = "indent" in token ? token.indent : -1;
          const end = "end" in token && Array.isArray(token.end) ? token.end.filter((st) => st.type === "space" || st.type === "comment" || st.type === "newline") : [];
          for (const key of Object.keys(token))
            if (key !== "type" && key !== "offset")
              delete token[key];
          Object.assign(token, { type, indent, source: source2, end });
        }
      }
    }
    exports.createScalarToken = createScalarToken;
    exports.resolveAsScalar = resolveAsScalar;
    exports.setScalarValue = setScalarValue;
  }
});

// node_modules/yaml/dist/parse/cst-stringify.js
var require_cst_stringify = __commonJS({
  "node_modules/yaml/dist/parse/cst-stringify.js"(exports) {
    "use strict";
    var stringify = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
    function stringifyToken(token) {
      switch (token.type) {
        case "block-scalar": {
          let res = "";
          for (const tok of token.props)
            res += stringifyToken(tok);
          return res + token.source;
        }
        case "block-map":
        case "block-seq": {
          let res = "";
          for (const item of token.items)
            res += stringifyItem(item);
          return res;
        }
        case "flow-collection": {
          let res = token.start.source;
          for (const item of token.items)
            res += stringifyItem(item);
          for (const st of token.end)
            res += st.source;
          return res;
        }
        case "document": {
          let res = stringifyItem(token);
          if (token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
        default: {
          let res = token.source;
          if ("end" in token && token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
      }
    }
    function stringifyItem({ start, key, sep: sep4, value: value2 }) {
      let res = "";
      for (const st of start)
        res += st.source;
      if (key)
        res += stringifyToken(key);
      if (sep4)
        for (const st of sep4)
          res += st.source;
      if (value2)
        res += stringifyToken(value2);
      return res;
    }
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports) {
    "use strict";
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    visit.itemAtPath = (cst, path) => {
      let item = cst;
      for (const [field, index] of path) {
        const tok = item?.[field];
        if (tok && "items" in tok) {
          item = tok.items[index];
        } else
          return void 0;
      }
      return item;
    };
    visit.parentCollection = (cst, path) => {
      const parent = visit.itemAtPath(cst, path.slice(0, -1));
      const field = path[path.length - 1][0];
      const coll = parent?.[field];
      if (coll && "items" in coll)
        return coll;
      throw new Error("Parent collection not found");
    };
    function _visit(path, item, visitor) {
      let ctrl = visitor(item, path);
      if (typeof ctrl === "symbol")
        return ctrl;
      for (const field of ["key", "value"]) {
        const token = item[field];
        if (token && "items" in token) {
          for (let i = 0; i < token.items.length; ++i) {
            const ci = _visit(Object.freeze(path.concat([[field, i]])), token.items[i], visitor);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              token.items.splice(i, 1);
              i -= 1;
            }
          }
          if (typeof ctrl === "function" && field === "key")
            ctrl = ctrl(item, path);
        }
      }
      return typeof ctrl === "function" ? ctrl(item, path) : ctrl;
    }
    exports.visit = visit;
  }
});

// node_modules/yaml/dist/parse/cst.js
var require_cst = __commonJS({
  "node_modules/yaml/dist/parse/cst.js"(exports) {
    "use strict";
    var cstScalar = require_cst_scalar();
    var cstStringify = require_cst_stringify();
    var cstVisit = require_cst_visit();
    var BOM = "\uFEFF";
    var DOCUMENT = "";
    var FLOW_END = "";
    var SCALAR = "";
    var isCollection = (token) => !!token && "items" in token;
    var isScalar2 = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
    function prettyToken(token) {
      switch (token) {
        case BOM:
          return "<BOM>";
        case DOCUMENT:
          return "<DOC>";
        case FLOW_END:
          return "<FLOW_END>";
        case SCALAR:
          return "<SCALAR>";
        default:
          return JSON.stringify(token);
      }
    }
    function tokenType(source2) {
      switch (source2) {
        case BOM:
          return "byte-order-mark";
        case DOCUMENT:
          return "doc-mode";
        case FLOW_END:
          return "flow-error-end";
        case SCALAR:
          return "scalar";
        case "---":
          return "doc-start";
        case "...":
          return "doc-end";
        case "":
        case "\n":
        case "\r\n":
          return "newline";
        case "-":
          return "seq-item-ind";
        case "?":
          return "explicit-key-ind";
        case ":":
          return "map-value-ind";
        case "{":
          return "flow-map-start";
        case "}":
          return "flow-map-end";
        case "[":
          return "flow-seq-start";
        case "]":
          return "flow-seq-end";
        case ",":
          return "comma";
      }
      switch (source2[0]) {
        case " ":
        case "	":
          return "space";
        case "#":
          return "comment";
        case "%":
          return "directive-line";
        case "*":
          return "alias";
        case "&":
          return "anchor";
        case "!":
          return "tag";
        case "'":
          return "single-quoted-scalar";
        case '"':
          return "double-quoted-scalar";
        case "|":
        case ">":
          return "block-scalar-header";
      }
      return null;
    }
    exports.createScalarToken = cstScalar.createScalarToken;
    exports.resolveAsScalar = cstScalar.resolveAsScalar;
    exports.setScalarValue = cstScalar.setScalarValue;
    exports.stringify = cstStringify.stringify;
    exports.visit = cstVisit.visit;
    exports.BOM = BOM;
    exports.DOCUMENT = DOCUMENT;
    exports.FLOW_END = FLOW_END;
    exports.SCALAR = SCALAR;
    exports.isCollection = isCollection;
    exports.isScalar = isScalar2;
    exports.prettyToken = prettyToken;
    exports.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports) {
    "use strict";
    var cst = require_cst();
    function isEmpty(ch) {
      switch (ch) {
        case void 0:
        case " ":
        case "\n":
        case "\r":
        case "	":
          return true;
        default:
          return false;
      }
    }
    var hexDigits = new Set("0123456789ABCDEFabcdef");
    var tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
    var flowIndicatorChars = new Set(",[]{}");
    var invalidAnchorChars = new Set(" ,[]{}\n\r	");
    var isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
    var Lexer = class {
      constructor() {
        this.atEnd = false;
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        this.buffer = "";
        this.flowKey = false;
        this.flowLevel = 0;
        this.indentNext = 0;
        this.indentValue = 0;
        this.lineEndPos = null;
        this.next = null;
        this.pos = 0;
      }
      /**
       * Generate YAML tokens from the `source` string. If `incomplete`,
       * a part of the last line may be left as a buffer for the next call.
       *
       * @returns A generator of lexical tokens
       */
      *lex(source2, incomplete = false) {
        if (source2) {
          if (typeof source2 !== "string")
            throw TypeError("source is not a string");
          this.buffer = this.buffer ? this.buffer + source2 : source2;
          this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? "stream";
        while (next && (incomplete || this.hasChars(1)))
          next = yield* this.parseNext(next);
      }
      atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === " " || ch === "	")
          ch = this.buffer[++i];
        if (!ch || ch === "#" || ch === "\n")
          return true;
        if (ch === "\r")
          return this.buffer[i + 1] === "\n";
        return false;
      }
      charAt(n) {
        return this.buffer[this.pos + n];
      }
      continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
          let indent = 0;
          while (ch === " ")
            ch = this.buffer[++indent + offset];
          if (ch === "\r") {
            const next = this.buffer[indent + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent + 1;
          }
          return ch === "\n" || indent >= this.indentNext || !ch && !this.atEnd ? offset + indent : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt = this.buffer.substr(offset, 3);
          if ((dt === "---" || dt === "...") && isEmpty(this.buffer[offset + 3]))
            return -1;
        }
        return offset;
      }
      getLine() {
        let end = this.lineEndPos;
        if (typeof end !== "number" || end !== -1 && end < this.pos) {
          end = this.buffer.indexOf("\n", this.pos);
          this.lineEndPos = end;
        }
        if (end === -1)
          return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === "\r")
          end -= 1;
        return this.buffer.substring(this.pos, end);
      }
      hasChars(n) {
        return this.pos + n <= this.buffer.length;
      }
      setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
      }
      peek(n) {
        return this.buffer.substr(this.pos, n);
      }
      *parseNext(next) {
        switch (next) {
          case "stream":
            return yield* this.parseStream();
          case "line-start":
            return yield* this.parseLineStart();
          case "block-start":
            return yield* this.parseBlockStart();
          case "doc":
            return yield* this.parseDocument();
          case "flow":
            return yield* this.parseFlowCollection();
          case "quoted-scalar":
            return yield* this.parseQuotedScalar();
          case "block-scalar":
            return yield* this.parseBlockScalar();
          case "plain-scalar":
            return yield* this.parsePlainScalar();
        }
      }
      *parseStream() {
        let line = this.getLine();
        if (line === null)
          return this.setNext("stream");
        if (line[0] === cst.BOM) {
          yield* this.pushCount(1);
          line = line.substring(1);
        }
        if (line[0] === "%") {
          let dirEnd = line.length;
          let cs = line.indexOf("#");
          while (cs !== -1) {
            const ch = line[cs - 1];
            if (ch === " " || ch === "	") {
              dirEnd = cs - 1;
              break;
            } else {
              cs = line.indexOf("#", cs + 1);
            }
          }
          while (true) {
            const ch = line[dirEnd - 1];
            if (ch === " " || ch === "	")
              dirEnd -= 1;
            else
              break;
          }
          const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
          yield* this.pushCount(line.length - n);
          this.pushNewline();
          return "stream";
        }
        if (this.atLineEnd()) {
          const sp = yield* this.pushSpaces(true);
          yield* this.pushCount(line.length - sp);
          yield* this.pushNewline();
          return "stream";
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
      }
      *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
          return this.setNext("line-start");
        if (ch === "-" || ch === ".") {
          if (!this.atEnd && !this.hasChars(4))
            return this.setNext("line-start");
          const s = this.peek(3);
          if ((s === "---" || s === "...") && isEmpty(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty(ch1)) {
          const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
          this.indentNext = this.indentValue + 1;
          this.indentValue += n;
          return "block-start";
        }
        return "doc";
      }
      *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
          return this.setNext("doc");
        let n = yield* this.pushIndicators();
        switch (line[n]) {
          case "#":
            yield* this.pushCount(line.length - n);
          // fallthrough
          case void 0:
            yield* this.pushNewline();
            return yield* this.parseLineStart();
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel = 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            return "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "doc";
          case '"':
          case "'":
            return yield* this.parseQuotedScalar();
          case "|":
          case ">":
            n += yield* this.parseBlockScalarHeader();
            n += yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - n);
            yield* this.pushNewline();
            return yield* this.parseBlockScalar();
          default:
            return yield* this.parsePlainScalar();
        }
      }
      *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
          return this.setNext("flow");
        if (indent !== -1 && indent < this.indentNext && line[0] !== "#" || indent === 0 && (line.startsWith("---") || line.startsWith("...")) && isEmpty(line[3])) {
          const atFlowEndMarker = indent === this.indentNext - 1 && this.flowLevel === 1 && (line[0] === "]" || line[0] === "}");
          if (!atFlowEndMarker) {
            this.flowLevel = 0;
            yield cst.FLOW_END;
            return yield* this.parseLineStart();
          }
        }
        let n = 0;
        while (line[n] === ",") {
          n += yield* this.pushCount(1);
          n += yield* this.pushSpaces(true);
          this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
          case void 0:
            return "flow";
          case "#":
            yield* this.pushCount(line.length - n);
            return "flow";
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel += 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            this.flowKey = true;
            this.flowLevel -= 1;
            return this.flowLevel ? "flow" : "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "flow";
          case '"':
          case "'":
            this.flowKey = true;
            return yield* this.parseQuotedScalar();
          case ":": {
            const next = this.charAt(1);
            if (this.flowKey || isEmpty(next) || next === ",") {
              this.flowKey = false;
              yield* this.pushCount(1);
              yield* this.pushSpaces(true);
              return "flow";
            }
          }
          // fallthrough
          default:
            this.flowKey = false;
            return yield* this.parsePlainScalar();
        }
      }
      *parseQuotedScalar() {
        const quote = this.charAt(0);
        let end = this.buffer.indexOf(quote, this.pos + 1);
        if (quote === "'") {
          while (end !== -1 && this.buffer[end + 1] === "'")
            end = this.buffer.indexOf("'", end + 2);
        } else {
          while (end !== -1) {
            let n = 0;
            while (this.buffer[end - 1 - n] === "\\")
              n += 1;
            if (n % 2 === 0)
              break;
            end = this.buffer.indexOf('"', end + 1);
          }
        }
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf("\n", this.pos);
        if (nl !== -1) {
          while (nl !== -1) {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = qb.indexOf("\n", cs);
          }
          if (nl !== -1) {
            end = nl - (qb[nl - 1] === "\r" ? 2 : 1);
          }
        }
        if (end === -1) {
          if (!this.atEnd)
            return this.setNext("quoted-scalar");
          end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? "flow" : "doc";
      }
      *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
          const ch = this.buffer[++i];
          if (ch === "+")
            this.blockScalarKeep = true;
          else if (ch > "0" && ch <= "9")
            this.blockScalarIndent = Number(ch) - 1;
          else if (ch !== "-")
            break;
        }
        return yield* this.pushUntil((ch) => isEmpty(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent += 1;
              break;
            case "\n":
              nl = i2;
              indent = 0;
              break;
            case "\r": {
              const next = this.buffer[i2 + 1];
              if (!next && !this.atEnd)
                return this.setNext("block-scalar");
              if (next === "\n")
                break;
            }
            // fallthrough
            default:
              break loop;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("block-scalar");
        if (indent >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent;
          else {
            this.indentNext = this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
          }
          do {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = this.buffer.indexOf("\n", cs);
          } while (nl !== -1);
          if (nl === -1) {
            if (!this.atEnd)
              return this.setNext("block-scalar");
            nl = this.buffer.length;
          }
        }
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === " ")
          ch = this.buffer[++i];
        if (ch === "	") {
          while (ch === "	" || ch === " " || ch === "\r" || ch === "\n")
            ch = this.buffer[++i];
          nl = i - 1;
        } else if (!this.blockScalarKeep) {
          do {
            let i2 = nl - 1;
            let ch2 = this.buffer[i2];
            if (ch2 === "\r")
              ch2 = this.buffer[--i2];
            const lastChar = i2;
            while (ch2 === " ")
              ch2 = this.buffer[--i2];
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent > lastChar)
              nl = i2;
            else
              break;
          } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
      }
      *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while (ch = this.buffer[++i]) {
          if (ch === ":") {
            const next = this.buffer[i + 1];
            if (isEmpty(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end = i;
          } else if (isEmpty(ch)) {
            let next = this.buffer[i + 1];
            if (ch === "\r") {
              if (next === "\n") {
                i += 1;
                ch = "\n";
                next = this.buffer[i + 1];
              } else
                end = i;
            }
            if (next === "#" || inFlow && flowIndicatorChars.has(next))
              break;
            if (ch === "\n") {
              const cs = this.continueScalar(i + 1);
              if (cs === -1)
                break;
              i = Math.max(i, cs - 2);
            }
          } else {
            if (inFlow && flowIndicatorChars.has(ch))
              break;
            end = i;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("plain-scalar");
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? "flow" : "doc";
      }
      *pushCount(n) {
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos += n;
          return n;
        }
        return 0;
      }
      *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
          yield s;
          this.pos += s.length;
          return s.length;
        } else if (allowEmpty)
          yield "";
        return 0;
      }
      *pushIndicators() {
        let n = 0;
        loop: while (true) {
          switch (this.charAt(0)) {
            case "!":
              n += yield* this.pushTag();
              n += yield* this.pushSpaces(true);
              continue loop;
            case "&":
              n += yield* this.pushUntil(isNotAnchorChar);
              n += yield* this.pushSpaces(true);
              continue loop;
            case "-":
            // this is an error
            case "?":
            // this is an error outside flow collections
            case ":": {
              const inFlow = this.flowLevel > 0;
              const ch1 = this.charAt(1);
              if (isEmpty(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
                if (!inFlow)
                  this.indentNext = this.indentValue + 1;
                else if (this.flowKey)
                  this.flowKey = false;
                n += yield* this.pushCount(1);
                n += yield* this.pushSpaces(true);
                continue loop;
              }
            }
          }
          break loop;
        }
        return n;
      }
      *pushTag() {
        if (this.charAt(1) === "<") {
          let i = this.pos + 2;
          let ch = this.buffer[i];
          while (!isEmpty(ch) && ch !== ">")
            ch = this.buffer[++i];
          return yield* this.pushToIndex(ch === ">" ? i + 1 : i, false);
        } else {
          let i = this.pos + 1;
          let ch = this.buffer[i];
          while (ch) {
            if (tagChars.has(ch))
              ch = this.buffer[++i];
            else if (ch === "%" && hexDigits.has(this.buffer[i + 1]) && hexDigits.has(this.buffer[i + 2])) {
              ch = this.buffer[i += 3];
            } else
              break;
          }
          return yield* this.pushToIndex(i, false);
        }
      }
      *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === "\n")
          return yield* this.pushCount(1);
        else if (ch === "\r" && this.charAt(1) === "\n")
          return yield* this.pushCount(2);
        else
          return 0;
      }
      *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
          ch = this.buffer[++i];
        } while (ch === " " || allowTabs && ch === "	");
        const n = i - this.pos;
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos = i;
        }
        return n;
      }
      *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
          ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
      }
    };
    exports.Lexer = Lexer;
  }
});

// node_modules/yaml/dist/parse/line-counter.js
var require_line_counter = __commonJS({
  "node_modules/yaml/dist/parse/line-counter.js"(exports) {
    "use strict";
    var LineCounter2 = class {
      constructor() {
        this.lineStarts = [];
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        this.linePos = (offset) => {
          let low = 0;
          let high = this.lineStarts.length;
          while (low < high) {
            const mid = low + high >> 1;
            if (this.lineStarts[mid] < offset)
              low = mid + 1;
            else
              high = mid;
          }
          if (this.lineStarts[low] === offset)
            return { line: low + 1, col: 1 };
          if (low === 0)
            return { line: 0, col: offset };
          const start = this.lineStarts[low - 1];
          return { line: low, col: offset - start + 1 };
        };
      }
    };
    exports.LineCounter = LineCounter2;
  }
});

// node_modules/yaml/dist/parse/parser.js
var require_parser = __commonJS({
  "node_modules/yaml/dist/parse/parser.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var cst = require_cst();
    var lexer = require_lexer();
    function includesToken(list3, type) {
      for (let i = 0; i < list3.length; ++i)
        if (list3[i].type === type)
          return true;
      return false;
    }
    function findNonEmptyIndex(list3) {
      for (let i = 0; i < list3.length; ++i) {
        switch (list3[i].type) {
          case "space":
          case "comment":
          case "newline":
            break;
          default:
            return i;
        }
      }
      return -1;
    }
    function isFlowToken(token) {
      switch (token?.type) {
        case "alias":
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "flow-collection":
          return true;
        default:
          return false;
      }
    }
    function getPrevProps(parent) {
      switch (parent.type) {
        case "document":
          return parent.start;
        case "block-map": {
          const it = parent.items[parent.items.length - 1];
          return it.sep ?? it.start;
        }
        case "block-seq":
          return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
          return [];
      }
    }
    function getFirstKeyStartProps(prev) {
      if (prev.length === 0)
        return [];
      let i = prev.length;
      loop: while (--i >= 0) {
        switch (prev[i].type) {
          case "doc-start":
          case "explicit-key-ind":
          case "map-value-ind":
          case "seq-item-ind":
          case "newline":
            break loop;
        }
      }
      while (prev[++i]?.type === "space") {
      }
      return prev.splice(i, prev.length);
    }
    function arrayPushArray(target, source2) {
      if (source2.length < 1e5)
        Array.prototype.push.apply(target, source2);
      else
        for (let i = 0; i < source2.length; ++i)
          target.push(source2[i]);
    }
    function fixFlowSeqItems(fc) {
      if (fc.start.type === "flow-seq-start") {
        for (const it of fc.items) {
          if (it.sep && !it.value && !includesToken(it.start, "explicit-key-ind") && !includesToken(it.sep, "map-value-ind")) {
            if (it.key)
              it.value = it.key;
            delete it.key;
            if (isFlowToken(it.value)) {
              if (it.value.end)
                arrayPushArray(it.value.end, it.sep);
              else
                it.value.end = it.sep;
            } else
              arrayPushArray(it.start, it.sep);
            delete it.sep;
          }
        }
      }
    }
    var Parser = class {
      /**
       * @param onNewLine - If defined, called separately with the start position of
       *   each new line (in `parse()`, including the start of input).
       */
      constructor(onNewLine) {
        this.atNewLine = true;
        this.atScalar = false;
        this.indent = 0;
        this.offset = 0;
        this.onKeyLine = false;
        this.stack = [];
        this.source = "";
        this.type = "";
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
      }
      /**
       * Parse `source` as a YAML stream.
       * If `incomplete`, a part of the last line may be left as a buffer for the next call.
       *
       * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
       *
       * @returns A generator of tokens representing each directive, document, and other structure.
       */
      *parse(source2, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
          this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source2, incomplete))
          yield* this.next(lexeme);
        if (!incomplete)
          yield* this.end();
      }
      /**
       * Advance the parser by the `source` of one lexical token.
       */
      *next(source2) {
        this.source = source2;
        if (node_process.env.LOG_TOKENS)
          console.log("|", cst.prettyToken(source2));
        if (this.atScalar) {
          this.atScalar = false;
          yield* this.step();
          this.offset += source2.length;
          return;
        }
        const type = cst.tokenType(source2);
        if (!type) {
          const message2 = `Not a YAML token: ${source2}`;
          yield* this.pop({ type: "error", offset: this.offset, message: message2, source: source2 });
          this.offset += source2.length;
        } else if (type === "scalar") {
          this.atNewLine = false;
          this.atScalar = true;
          this.type = "scalar";
        } else {
          this.type = type;
          yield* this.step();
          switch (type) {
            case "newline":
              this.atNewLine = true;
              this.indent = 0;
              if (this.onNewLine)
                this.onNewLine(this.offset + source2.length);
              break;
            case "space":
              if (this.atNewLine && source2[0] === " ")
                this.indent += source2.length;
              break;
            case "explicit-key-ind":
            case "map-value-ind":
            case "seq-item-ind":
              if (this.atNewLine)
                this.indent += source2.length;
              break;
            case "doc-mode":
            case "flow-error-end":
              return;
            default:
              this.atNewLine = false;
          }
          this.offset += source2.length;
        }
      }
      /** Call at end of input to push out any remaining constructions */
      *end() {
        while (this.stack.length > 0)
          yield* this.pop();
      }
      get sourceToken() {
        const st = {
          type: this.type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
        return st;
      }
      *step() {
        const top = this.peek(1);
        if (this.type === "doc-end" && top?.type !== "doc-end") {
          while (this.stack.length > 0)
            yield* this.pop();
          this.stack.push({
            type: "doc-end",
            offset: this.offset,
            source: this.source
          });
          return;
        }
        if (!top)
          return yield* this.stream();
        switch (top.type) {
          case "document":
            return yield* this.document(top);
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return yield* this.scalar(top);
          case "block-scalar":
            return yield* this.blockScalar(top);
          case "block-map":
            return yield* this.blockMap(top);
          case "block-seq":
            return yield* this.blockSequence(top);
          case "flow-collection":
            return yield* this.flowCollection(top);
          case "doc-end":
            return yield* this.documentEnd(top);
        }
        yield* this.pop();
      }
      peek(n) {
        return this.stack[this.stack.length - n];
      }
      *pop(error) {
        const token = error ?? this.stack.pop();
        if (!token) {
          const message2 = "Tried to pop an empty stack";
          yield { type: "error", offset: this.offset, source: "", message: message2 };
        } else if (this.stack.length === 0) {
          yield token;
        } else {
          const top = this.peek(1);
          if (token.type === "block-scalar") {
            token.indent = "indent" in top ? top.indent : 0;
          } else if (token.type === "flow-collection" && top.type === "document") {
            token.indent = 0;
          }
          if (token.type === "flow-collection")
            fixFlowSeqItems(token);
          switch (top.type) {
            case "document":
              top.value = token;
              break;
            case "block-scalar":
              top.props.push(token);
              break;
            case "block-map": {
              const it = top.items[top.items.length - 1];
              if (it.value) {
                top.items.push({ start: [], key: token, sep: [] });
                this.onKeyLine = true;
                return;
              } else if (it.sep) {
                it.value = token;
              } else {
                Object.assign(it, { key: token, sep: [] });
                this.onKeyLine = !it.explicitKey;
                return;
              }
              break;
            }
            case "block-seq": {
              const it = top.items[top.items.length - 1];
              if (it.value)
                top.items.push({ start: [], value: token });
              else
                it.value = token;
              break;
            }
            case "flow-collection": {
              const it = top.items[top.items.length - 1];
              if (!it || it.value)
                top.items.push({ start: [], key: token, sep: [] });
              else if (it.sep)
                it.value = token;
              else
                Object.assign(it, { key: token, sep: [] });
              return;
            }
            /* istanbul ignore next should not happen */
            default:
              yield* this.pop();
              yield* this.pop(token);
          }
          if ((top.type === "document" || top.type === "block-map" || top.type === "block-seq") && (token.type === "block-map" || token.type === "block-seq")) {
            const last = token.items[token.items.length - 1];
            if (last && !last.sep && !last.value && last.start.length > 0 && findNonEmptyIndex(last.start) === -1 && (token.indent === 0 || last.start.every((st) => st.type !== "comment" || st.indent < token.indent))) {
              if (top.type === "document")
                top.end = last.start;
              else
                top.items.push({ start: last.start });
              token.items.splice(-1, 1);
            }
          }
        }
      }
      *stream() {
        switch (this.type) {
          case "directive-line":
            yield { type: "directive", offset: this.offset, source: this.source };
            return;
          case "byte-order-mark":
          case "space":
          case "comment":
          case "newline":
            yield this.sourceToken;
            return;
          case "doc-mode":
          case "doc-start": {
            const doc = {
              type: "document",
              offset: this.offset,
              start: []
            };
            if (this.type === "doc-start")
              doc.start.push(this.sourceToken);
            this.stack.push(doc);
            return;
          }
        }
        yield {
          type: "error",
          offset: this.offset,
          message: `Unexpected ${this.type} token in YAML stream`,
          source: this.source
        };
      }
      *document(doc) {
        if (doc.value)
          return yield* this.lineEnd(doc);
        switch (this.type) {
          case "doc-start": {
            if (findNonEmptyIndex(doc.start) !== -1) {
              yield* this.pop();
              yield* this.step();
            } else
              doc.start.push(this.sourceToken);
            return;
          }
          case "anchor":
          case "tag":
          case "space":
          case "comment":
          case "newline":
            doc.start.push(this.sourceToken);
            return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
          this.stack.push(bv);
        else {
          yield {
            type: "error",
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML document`,
            source: this.source
          };
        }
      }
      *scalar(scalar) {
        if (this.type === "map-value-ind") {
          const prev = getPrevProps(this.peek(2));
          const start = getFirstKeyStartProps(prev);
          let sep4;
          if (scalar.end) {
            sep4 = scalar.end;
            sep4.push(this.sourceToken);
            delete scalar.end;
          } else
            sep4 = [this.sourceToken];
          const map = {
            type: "block-map",
            offset: scalar.offset,
            indent: scalar.indent,
            items: [{ start, key: scalar, sep: sep4 }]
          };
          this.onKeyLine = true;
          this.stack[this.stack.length - 1] = map;
        } else
          yield* this.lineEnd(scalar);
      }
      *blockScalar(scalar) {
        switch (this.type) {
          case "space":
          case "comment":
          case "newline":
            scalar.props.push(this.sourceToken);
            return;
          case "scalar":
            scalar.source = this.source;
            this.atNewLine = true;
            this.indent = 0;
            if (this.onNewLine) {
              let nl = this.source.indexOf("\n") + 1;
              while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf("\n", nl) + 1;
              }
            }
            yield* this.pop();
            break;
          /* istanbul ignore next should not happen */
          default:
            yield* this.pop();
            yield* this.step();
        }
      }
      *blockMap(map) {
        const it = map.items[map.items.length - 1];
        switch (this.type) {
          case "newline":
            this.onKeyLine = false;
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              it.start.push(this.sourceToken);
            }
            return;
          case "space":
          case "comment":
            if (it.value) {
              map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              if (this.atIndentedComment(it.start, map.indent)) {
                const prev = map.items[map.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  map.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
        }
        if (this.indent >= map.indent) {
          const atMapIndent = !this.onKeyLine && this.indent === map.indent;
          const atNextItem = atMapIndent && (it.sep || it.explicitKey) && this.type !== "seq-item-ind";
          let start = [];
          if (atNextItem && it.sep && !it.value) {
            const nl = [];
            for (let i = 0; i < it.sep.length; ++i) {
              const st = it.sep[i];
              switch (st.type) {
                case "newline":
                  nl.push(i);
                  break;
                case "space":
                  break;
                case "comment":
                  if (st.indent > map.indent)
                    nl.length = 0;
                  break;
                default:
                  nl.length = 0;
              }
            }
            if (nl.length >= 2)
              start = it.sep.splice(nl[1]);
          }
          switch (this.type) {
            case "anchor":
            case "tag":
              if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start });
                this.onKeyLine = true;
              } else if (it.sep) {
                it.sep.push(this.sourceToken);
              } else {
                it.start.push(this.sourceToken);
              }
              return;
            case "explicit-key-ind":
              if (!it.sep && !it.explicitKey) {
                it.start.push(this.sourceToken);
                it.explicitKey = true;
              } else if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start, explicitKey: true });
              } else {
                this.stack.push({
                  type: "block-map",
                  offset: this.offset,
                  indent: this.indent,
                  items: [{ start: [this.sourceToken], explicitKey: true }]
                });
              }
              this.onKeyLine = true;
              return;
            case "map-value-ind":
              if (it.explicitKey) {
                if (!it.sep) {
                  if (includesToken(it.start, "newline")) {
                    Object.assign(it, { key: null, sep: [this.sourceToken] });
                  } else {
                    const start2 = getFirstKeyStartProps(it.start);
                    this.stack.push({
                      type: "block-map",
                      offset: this.offset,
                      indent: this.indent,
                      items: [{ start: start2, key: null, sep: [this.sourceToken] }]
                    });
                  }
                } else if (it.value) {
                  map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                  });
                } else if (isFlowToken(it.key) && !includesToken(it.sep, "newline")) {
                  const start2 = getFirstKeyStartProps(it.start);
                  const key = it.key;
                  const sep4 = it.sep;
                  sep4.push(this.sourceToken);
                  delete it.key;
                  delete it.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key, sep: sep4 }]
                  });
                } else if (start.length > 0) {
                  it.sep = it.sep.concat(start, this.sourceToken);
                } else {
                  it.sep.push(this.sourceToken);
                }
              } else {
                if (!it.sep) {
                  Object.assign(it, { key: null, sep: [this.sourceToken] });
                } else if (it.value || atNextItem) {
                  map.items.push({ start, key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [], key: null, sep: [this.sourceToken] }]
                  });
                } else {
                  it.sep.push(this.sourceToken);
                }
              }
              this.onKeyLine = true;
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (atNextItem || it.value) {
                map.items.push({ start, key: fs, sep: [] });
                this.onKeyLine = true;
              } else if (it.sep) {
                this.stack.push(fs);
              } else {
                Object.assign(it, { key: fs, sep: [] });
                this.onKeyLine = true;
              }
              return;
            }
            default: {
              const bv = this.startBlockValue(map);
              if (bv) {
                if (bv.type === "block-seq") {
                  if (!it.explicitKey && it.sep && !includesToken(it.sep, "newline")) {
                    yield* this.pop({
                      type: "error",
                      offset: this.offset,
                      message: "Unexpected block-seq-ind on same line with key",
                      source: this.source
                    });
                    return;
                  }
                } else if (atMapIndent) {
                  map.items.push({ start });
                }
                this.stack.push(bv);
                return;
              }
            }
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                seq.items.push({ start: [this.sourceToken] });
            } else
              it.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it.value)
              seq.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it.start, seq.indent)) {
                const prev = seq.items[seq.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  seq.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it.value || this.indent <= seq.indent)
              break;
            it.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq.indent)
              break;
            if (it.value || includesToken(it.start, "seq-item-ind"))
              seq.items.push({ start: [this.sourceToken] });
            else
              it.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq.indent) {
          const bv = this.startBlockValue(seq);
          if (bv) {
            this.stack.push(bv);
            return;
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === "flow-error-end") {
          let top;
          do {
            yield* this.pop();
            top = this.peek(1);
          } while (top?.type === "flow-collection");
        } else if (fc.end.length === 0) {
          switch (this.type) {
            case "comma":
            case "explicit-key-ind":
              if (!it || it.sep)
                fc.items.push({ start: [this.sourceToken] });
              else
                it.start.push(this.sourceToken);
              return;
            case "map-value-ind":
              if (!it || it.value)
                fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                Object.assign(it, { key: null, sep: [this.sourceToken] });
              return;
            case "space":
            case "comment":
            case "newline":
            case "anchor":
            case "tag":
              if (!it || it.value)
                fc.items.push({ start: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                it.start.push(this.sourceToken);
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (!it || it.value)
                fc.items.push({ start: [], key: fs, sep: [] });
              else if (it.sep)
                this.stack.push(fs);
              else
                Object.assign(it, { key: fs, sep: [] });
              return;
            }
            case "flow-map-end":
            case "flow-seq-end":
              fc.end.push(this.sourceToken);
              return;
          }
          const bv = this.startBlockValue(fc);
          if (bv)
            this.stack.push(bv);
          else {
            yield* this.pop();
            yield* this.step();
          }
        } else {
          const parent = this.peek(2);
          if (parent.type === "block-map" && (this.type === "map-value-ind" && parent.indent === fc.indent || this.type === "newline" && !parent.items[parent.items.length - 1].sep)) {
            yield* this.pop();
            yield* this.step();
          } else if (this.type === "map-value-ind" && parent.type !== "flow-collection") {
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            fixFlowSeqItems(fc);
            const sep4 = fc.end.splice(1, fc.end.length);
            sep4.push(this.sourceToken);
            const map = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start, key: fc, sep: sep4 }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
          } else {
            yield* this.lineEnd(fc);
          }
        }
      }
      flowScalar(type) {
        if (this.onNewLine) {
          let nl = this.source.indexOf("\n") + 1;
          while (nl !== 0) {
            this.onNewLine(this.offset + nl);
            nl = this.source.indexOf("\n", nl) + 1;
          }
        }
        return {
          type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
      }
      startBlockValue(parent) {
        switch (this.type) {
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return this.flowScalar(this.type);
          case "block-scalar-header":
            return {
              type: "block-scalar",
              offset: this.offset,
              indent: this.indent,
              props: [this.sourceToken],
              source: ""
            };
          case "flow-map-start":
          case "flow-seq-start":
            return {
              type: "flow-collection",
              offset: this.offset,
              indent: this.indent,
              start: this.sourceToken,
              items: [],
              end: []
            };
          case "seq-item-ind":
            return {
              type: "block-seq",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: [this.sourceToken] }]
            };
          case "explicit-key-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            start.push(this.sourceToken);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, explicitKey: true }]
            };
          }
          case "map-value-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, key: null, sep: [this.sourceToken] }]
            };
          }
        }
        return null;
      }
      atIndentedComment(start, indent) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent)
          return false;
        return start.every((st) => st.type === "newline" || st.type === "space");
      }
      *documentEnd(docEnd) {
        if (this.type !== "doc-mode") {
          if (docEnd.end)
            docEnd.end.push(this.sourceToken);
          else
            docEnd.end = [this.sourceToken];
          if (this.type === "newline")
            yield* this.pop();
        }
      }
      *lineEnd(token) {
        switch (this.type) {
          case "comma":
          case "doc-start":
          case "doc-end":
          case "flow-seq-end":
          case "flow-map-end":
          case "map-value-ind":
            yield* this.pop();
            yield* this.step();
            break;
          case "newline":
            this.onKeyLine = false;
          // fallthrough
          case "space":
          case "comment":
          default:
            if (token.end)
              token.end.push(this.sourceToken);
            else
              token.end = [this.sourceToken];
            if (this.type === "newline")
              yield* this.pop();
        }
      }
    };
    exports.Parser = Parser;
  }
});

// node_modules/yaml/dist/public-api.js
var require_public_api = __commonJS({
  "node_modules/yaml/dist/public-api.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var errors = require_errors();
    var log = require_log();
    var identity = require_identity();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    function parseOptions(options) {
      const prettyErrors = options.prettyErrors !== false;
      const lineCounter$1 = options.lineCounter || prettyErrors && new lineCounter.LineCounter() || null;
      return { lineCounter: lineCounter$1, prettyErrors };
    }
    function parseAllDocuments(source2, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      const docs = Array.from(composer$1.compose(parser$1.parse(source2)));
      if (prettyErrors && lineCounter2)
        for (const doc of docs) {
          doc.errors.forEach(errors.prettifyError(source2, lineCounter2));
          doc.warnings.forEach(errors.prettifyError(source2, lineCounter2));
        }
      if (docs.length > 0)
        return docs;
      return Object.assign([], { empty: true }, composer$1.streamInfo());
    }
    function parseDocument2(source2, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      let doc = null;
      for (const _doc of composer$1.compose(parser$1.parse(source2), true, source2.length)) {
        if (!doc)
          doc = _doc;
        else if (doc.options.logLevel !== "silent") {
          doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
          break;
        }
      }
      if (prettyErrors && lineCounter2) {
        doc.errors.forEach(errors.prettifyError(source2, lineCounter2));
        doc.warnings.forEach(errors.prettifyError(source2, lineCounter2));
      }
      return doc;
    }
    function parse(src, reviver, options) {
      let _reviver = void 0;
      if (typeof reviver === "function") {
        _reviver = reviver;
      } else if (options === void 0 && reviver && typeof reviver === "object") {
        options = reviver;
      }
      const doc = parseDocument2(src, options);
      if (!doc)
        return null;
      doc.warnings.forEach((warning) => log.warn(doc.options.logLevel, warning));
      if (doc.errors.length > 0) {
        if (doc.options.logLevel !== "silent")
          throw doc.errors[0];
        else
          doc.errors = [];
      }
      return doc.toJS(Object.assign({ reviver: _reviver }, options));
    }
    function stringify(value2, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent = Math.round(options);
        options = indent < 1 ? void 0 : indent > 8 ? { indent: 8 } : { indent };
      }
      if (value2 === void 0) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
          return void 0;
      }
      if (identity.isDocument(value2) && !_replacer)
        return value2.toString(options);
      return new Document.Document(value2, _replacer, options).toString(options);
    }
    exports.parse = parse;
    exports.parseAllDocuments = parseAllDocuments;
    exports.parseDocument = parseDocument2;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/index.js
var require_dist = __commonJS({
  "node_modules/yaml/dist/index.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var Schema = require_Schema();
    var errors = require_errors();
    var Alias = require_Alias();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var cst = require_cst();
    var lexer = require_lexer();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    var publicApi = require_public_api();
    var visit = require_visit();
    exports.Composer = composer.Composer;
    exports.Document = Document.Document;
    exports.Schema = Schema.Schema;
    exports.YAMLError = errors.YAMLError;
    exports.YAMLParseError = errors.YAMLParseError;
    exports.YAMLWarning = errors.YAMLWarning;
    exports.Alias = Alias.Alias;
    exports.isAlias = identity.isAlias;
    exports.isCollection = identity.isCollection;
    exports.isDocument = identity.isDocument;
    exports.isMap = identity.isMap;
    exports.isNode = identity.isNode;
    exports.isPair = identity.isPair;
    exports.isScalar = identity.isScalar;
    exports.isSeq = identity.isSeq;
    exports.Pair = Pair.Pair;
    exports.Scalar = Scalar.Scalar;
    exports.YAMLMap = YAMLMap.YAMLMap;
    exports.YAMLSeq = YAMLSeq.YAMLSeq;
    exports.CST = cst;
    exports.Lexer = lexer.Lexer;
    exports.LineCounter = lineCounter.LineCounter;
    exports.Parser = parser.Parser;
    exports.parse = publicApi.parse;
    exports.parseAllDocuments = publicApi.parseAllDocuments;
    exports.parseDocument = publicApi.parseDocument;
    exports.stringify = publicApi.stringify;
    exports.visit = visit.visit;
    exports.visitAsync = visit.visitAsync;
  }
});

// src/entry/commands.ts
import { mkdtemp as mkdtemp3 } from "node:fs/promises";
import { tmpdir as tmpdir5 } from "node:os";
import { join as join16 } from "node:path";

// src/config/inputs.ts
import { dirname, isAbsolute as isAbsolute2, join, relative as relative2, sep as sep2 } from "node:path";

// src/model/errors.ts
var GateError = class extends Error {
  code;
  /** Which tree the failure belongs to; undefined when it is not tied to one. */
  side;
  /** The last lines a command printed, shown under the message. */
  output;
  constructor(code2, message2, options = {}) {
    super(message2, options.cause === void 0 ? void 0 : { cause: options.cause });
    this.name = "GateError";
    this.code = code2;
    this.side = options.side;
    this.output = options.output;
  }
  /**
   * A failure of the base tree is not the pull request's fault: the gate ends neutral (inconclusive) instead of
   * putting a red X on it. Everything else fails the step.
   */
  get neutral() {
    return this.side === "base";
  }
};
function errorMessage(error) {
  return error instanceof Error ? error.message : String(error);
}

// src/io/errors.ts
var ConfigError = class extends GateError {
  input;
  setting;
  /** What is wrong, and the sentence that says what to write instead. */
  problem;
  fix;
  constructor(input, problem, fix, setting) {
    const where = setting === void 0 ? `\`${input}\`` : `\`${input}\`, \`${setting}\``;
    super("config", `input ${where}: ${problem}. ${fix}`);
    this.input = input;
    this.setting = setting;
    this.problem = problem;
    this.fix = fix;
  }
};
function configError(input, problem, fix) {
  return new ConfigError(input, problem, fix);
}

// src/config/defaults.ts
var DEFAULT_RESTART_EVERY = 2;
var DEFAULT_TIMEOUT = "20m";
var DEFAULT_TIME_BUDGET = "3m";
var DEFAULT_HISTORY_BUDGET = "10m";

// src/io/env.ts
var HIDDEN_ENV = /^(GITHUB_TOKEN|GH_TOKEN|ACTIONS_RUNTIME_TOKEN|ACTIONS_RUNTIME_URL|ACTIONS_RESULTS_URL|ACTIONS_CACHE_URL|ACTIONS_ID_TOKEN_REQUEST_TOKEN|ACTIONS_ID_TOKEN_REQUEST_URL|GITHUB_OUTPUT|GITHUB_ENV|GITHUB_PATH|GITHUB_STATE|GITHUB_STEP_SUMMARY)$/;
function hiddenFromChildren(name) {
  return /^INPUT_/i.test(name) || HIDDEN_ENV.test(name);
}
function scrub(env) {
  const clean2 = {};
  for (const [name, value2] of Object.entries(env)) {
    if (value2 === void 0 || hiddenFromChildren(name)) continue;
    clean2[name] = value2;
  }
  return clean2;
}
function safeEnv(extra = {}, base = process.env) {
  return { ...scrub(base), ...extra };
}

// src/config/expand.ts
var VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
var SIDE = "PERF_GATE_SIDE";
var RUNNER_OWN = /^(GITHUB|ACTIONS|RUNNER|INPUT)_/i;
var HAS_SECRETS = "if: github.event.pull_request.head.repo.full_name == github.repository && github.actor != 'dependabot[bot]'";
function variable(name, where, env) {
  if (RUNNER_OWN.test(name) || hiddenFromChildren(name))
    throw new GateError(
      "config",
      `${where}: \`\${${name}}\` is the runner's own variable (its tokens, services, paths and perf-gate's inputs), which the config file may not read. Pass the value under a name of your own in the step's \`env:\`, e.g. \`env: { MY_VALUE: \${{ \u2026 }} }\` and \`\${MY_VALUE}\`.`
    );
  const value2 = env[name];
  if (value2 === void 0)
    throw new GateError(
      "config",
      `${where}: \`\${${name}}\` is not set in the step's environment. Set it in the step's \`env:\`, e.g. \`env: { ${name}: \${{ secrets.${name} }} }\` (on your machine: export it).`
    );
  if (value2 === "")
    throw new GateError(
      "config",
      `${where}: \`\${${name}}\` is empty. A secret is empty on a pull request from a fork and on Dependabot's: forks and Dependabot get no secrets. Skip those pull requests with the job's condition \`${HAS_SECRETS}\`, or set \`${name}\` to a value that needs no secret.`
    );
  return value2;
}
function expand(text2, where, env, keep) {
  const taken = [];
  const out = text2.replace(VARIABLE, (whole2, name) => {
    if (keep.has(name)) return whole2;
    const value2 = variable(name, where, env);
    taken.push(value2);
    return value2;
  });
  return { text: out, taken };
}
function expandRecord(record, where, env, keep = /* @__PURE__ */ new Set()) {
  const taken = [];
  const out = {};
  for (const [key, value2] of Object.entries(record)) {
    const e = expand(value2, `${where}.${key}`, env, keep);
    out[key] = e.text;
    taken.push(...e.taken);
  }
  return { record: out, taken };
}
function expandConfig(scenarios, fileEnv, env) {
  const secrets = [];
  const expanded = scenarios.map((s) => {
    const headers = expandRecord(s.headers, `scenario \`${s.name}\` headers`, env);
    for (const [name, value2] of Object.entries(headers.record))
      if (/[\r\n]/.test(value2))
        throw new GateError(
          "config",
          `scenario \`${s.name}\` headers.${name}: a variable of the step's environment put a line break into it, which a header cannot hold. Set the variable to one line.`
        );
    const body = s.body === void 0 ? void 0 : expand(s.body, `scenario \`${s.name}\` body`, env, /* @__PURE__ */ new Set());
    secrets.push(...headers.taken, ...body?.taken ?? []);
    return { ...s, headers: headers.record, body: body?.text };
  });
  const fileEnvExpanded = expandEnv(fileEnv, env);
  secrets.push(...fileEnvExpanded.secrets);
  return { scenarios: expanded, env: fileEnvExpanded.env, secrets: [...new Set(secrets)] };
}
function expandEnv(fileEnv, env) {
  const expanded = expandRecord(fileEnv, "env", env, /* @__PURE__ */ new Set([SIDE]));
  return { env: expanded.record, secrets: expanded.taken };
}
function sideEnv(env, side2) {
  return Object.fromEntries(
    Object.entries(env).map(([name, value2]) => [name, value2.replaceAll(`\${${SIDE}}`, side2)])
  );
}

// src/report/format.ts
var METRIC_LABEL = {
  rps: "req/s",
  cpu: "server CPU per request",
  p50: "latency p50",
  p99: "latency p99",
  p99open: "p99 at fixed rate",
  alloc: "allocation per request",
  gc: "GC pause per request"
};
function metricLabel(metric) {
  return METRIC_LABEL[metric];
}
var VERDICT_ICON = {
  regression: "\u{1F534}",
  improvement: "\u{1F7E2}",
  "no-change": "\u26AA",
  inconclusive: "\u{1F7E1}"
};
var VERDICT_TEXT = {
  regression: "regression",
  improvement: "improvement",
  "no-change": "no change",
  inconclusive: "inconclusive"
};
function formatPercent(value2, digits = 1) {
  if (!Number.isFinite(value2)) return "n/a";
  const percent2 = value2 * 100;
  if (Math.abs(percent2) < 0.05) return "\xB10.0%";
  const text2 = Math.abs(percent2) >= 100 ? percent2.toFixed(0) : percent2.toFixed(digits);
  return `${percent2 > 0 ? "+" : percent2 < 0 ? "\u2212" : "\xB1"}${text2.replace("-", "")}%`;
}
function formatP(p, alpha = 0.05) {
  if (!Number.isFinite(p)) return "n/a";
  if (p < 1e-3) return "< 0.001";
  const side2 = (x) => Math.sign(x - alpha);
  for (let digits = 2; digits <= 4; digits++) {
    const text2 = p < 0.1 ? p.toPrecision(digits) : p.toFixed(digits);
    if (side2(Number(text2)) === side2(p)) return text2;
  }
  return p < alpha ? `< ${alpha}` : `> ${alpha}`;
}
function pText(p, alpha = 0.05) {
  const text2 = formatP(p, alpha);
  return text2.startsWith("<") || text2.startsWith(">") ? `p ${text2}` : `p = ${text2}`;
}
function formatShare(value2) {
  return `${Number((value2 * 100).toFixed(2))}%`;
}
function formatSize(change) {
  const ratio = change < 0 ? 1 / (1 + change) : 1 + change;
  return ratio >= 1.5 ? `${ratio.toFixed(1)}\xD7` : `${Math.abs(change * 100).toFixed(1)}%`;
}
function formatBytes(bytes) {
  if (!Number.isFinite(bytes)) return "n/a";
  const sign = bytes < 0 ? "\u2212" : "";
  let value2 = Math.abs(bytes);
  if (value2 < 1e3) return `${sign}${Math.round(value2)} B`;
  const units2 = ["KB", "MB", "GB", "TB"];
  let unit2 = 0;
  for (value2 /= 1024; value2 >= 1e3 && unit2 < units2.length - 1; unit2++) value2 /= 1024;
  return `${sign}${value2 >= 100 ? value2.toFixed(0) : value2.toFixed(1)} ${units2[unit2]}`;
}
function formatValue(metric, value2) {
  if (!Number.isFinite(value2)) return "n/a";
  if (metric === "rps") return Math.round(value2).toLocaleString("en-US");
  if (metric === "alloc") return formatBytes(value2);
  const unit2 = metric === "cpu" || metric === "gc" ? "\xB5s" : "ms";
  return value2 >= 100 ? `${value2.toFixed(0)} ${unit2}` : value2 >= 10 ? `${value2.toFixed(1)} ${unit2}` : `${value2.toFixed(2)} ${unit2}`;
}
function formatSeconds(sec) {
  const whole2 = Math.round(sec);
  if (whole2 < 90) return `${whole2} s`;
  return `${Math.floor(whole2 / 60)} min ${whole2 % 60} s`;
}
function formatCount(count4) {
  return count4.toLocaleString("en-US");
}
function htmlText(text2) {
  const entity = (t) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return text2.split(/`([^`\r\n]+)`/).map((part, i) => i % 2 === 1 ? `<code>${entity(part)}</code>` : part).join("");
}

// src/report/plan-check-text.ts
var SLOW_START_SEC = 5;
function budgetText(sec) {
  if (sec < 120) return `${Math.ceil(sec)}s`;
  if (sec < 5400) return `${Math.ceil(sec / 60)}m`;
  return `${Math.ceil(sec / 1800) / 2}h`;
}
function unitsText(check2, restartEvery) {
  return check2.unit === "blocks" ? `${check2.units} block${check2.units === 1 ? "" : "s"} of ${restartEvery} pairs` : `${check2.units} pair${check2.units === 1 ? "" : "s"}`;
}
function adviceText(check2, scenarios) {
  const a = check2.advice;
  if (a === void 0)
    return "Use `rounds: auto` (in `measure`), a longer `time-budget`, fewer scenarios per gate (`shard`), or a larger `threshold`.";
  const ways = [
    ...a.budgetSec === void 0 ? [] : [`\`time-budget: ${budgetText(a.budgetSec)}\``],
    ...a.restartEvery === void 0 ? [] : [
      `\`restart-every: ${a.restartEvery.value}\` (in \`measure\`) with \`time-budget: ${budgetText(a.restartEvery.budgetSec)}\``
    ],
    ...a.scenariosPerGate > 0 && a.scenariosPerGate < scenarios ? [
      `at most ${a.scenariosPerGate} scenario${a.scenariosPerGate === 1 ? "" : "s"} per gate (\`shard\` over ${Math.ceil(scenarios / a.scenariosPerGate)} jobs)`
    ] : []
  ];
  if (ways.length === 0)
    return "Nothing within 64 times this budget would: raise `threshold`, or run on a quieter runner.";
  return `To catch twice the threshold, set ${ways.join(", or ")}${ways.length > 1 ? "" : ""}; or raise \`threshold\`.`;
}
function planNote(check2, restartEvery, scenarios, startSec) {
  if (check2.resolves) return void 0;
  const start = startSec !== void 0 && startSec >= SLOW_START_SEC ? `starting base and head took ${startSec.toFixed(0)} s, paid out of \`time-budget\` once per ${restartEvery > 0 ? `block of ${restartEvery} pair${restartEvery === 1 ? "" : "s"}` : "round"}; ` : "";
  const family = `${check2.comparisons} comparison${check2.comparisons === 1 ? "" : "s"} (${scenarios} scenario${scenarios === 1 ? "" : "s"})`;
  const at = check2.runners > 1 ? `the merge of ${check2.runners} runners decides once, on ${unitsText(check2, restartEvery)} in all` : `the plan's last look has ${unitsText(check2, restartEvery)}`;
  const buys = `${at}, and ${family} leave each interval a level of ${Number(check2.level.toPrecision(2))}`;
  const noise = `at a noise of \xB1${formatShare(check2.noise)} per pair`;
  const what2 = check2.canDecide ? `this plan can catch only changes of req/s of about ${formatShare(Number(check2.detectable.toPrecision(2)))} or more ${noise} (threshold ${formatShare(check2.threshold)}): ${buys}.` : `this plan cannot decide anything: ${buys}, and an interval needs at least two units.`;
  return `${start}${what2} ${adviceText(check2, scenarios)}`;
}

// src/report/error-text.ts
function noDirectoryMessage(side2, relativeDir) {
  return `the ${side2} tree has no directory ${relativeDir || "."} (input \`working-directory\`)`;
}
function stepTimedOutMessage(step3, side2, command2, ms3) {
  return `${step3} of ${side2} (\`${command2}\`) did not finish within ${Math.round(ms3 / 1e3)} s (input \`build-timeout\`, the limit of install and build each)`;
}
function stepFailedMessage(step3, side2, command2, code2) {
  return `${step3} of ${side2} (\`${command2}\`) failed with exit code ${code2}`;
}
function hookFailedMessage(step3, side2, command2, failure) {
  const problem = "timedOutMs" in failure ? `did not finish within ${Math.round(failure.timedOutMs / 1e3)} s (the \`build-timeout\` input limits it)` : failure.code === null ? `was killed by ${failure.signal}` : `failed with exit code ${failure.code}`;
  return `${step3} of ${side2} (\`${command2}\`) ${problem}`;
}
function roundDuring(pair2, scenario) {
  return `round ${pair2 + 1} (${scenario})`;
}
function primingDuring(pair2, scenario) {
  return `priming before pair ${pair2 + 1} (${scenario})`;
}
function openLoopBaseDuring(scenario) {
  return `measuring base for the open loop (${scenario})`;
}
function portNotMovedMessage(side2, start, fixed, movedTo) {
  return `the ${side2} server \`${start}\` opened port ${fixed} (input \`port\`) itself instead of port ${movedTo}, where perf-gate moved it to run beside its twin: perf-gate moves a fixed port only inside Node.js processes that load the NODE_OPTIONS it gives them`;
}
function portTakenMessage(what2, where, fixed) {
  const fix = fixed ? "stop whatever else listens on the port in `port`, or choose another" : "perf-gate picked that port free, and another program took it before the server opened it";
  return `${what2} exited before it answered, while another program, not one of the server's processes, listened on ${where}: ${fix}`;
}
function statusSummary(rounds) {
  const counts = {};
  for (const r of rounds)
    for (const [c, n] of Object.entries(r.measurement.statusCodes)) counts[c] = (counts[c] ?? 0) + n;
  const errors = rounds.reduce((sum3, r) => sum3 + r.measurement.errors + r.measurement.timeouts, 0);
  const parts = Object.entries(counts).sort((a, b) => b[1] - a[1]).map(([c, n]) => `${n} \xD7 ${c}`);
  if (errors > 0) parts.push(`${errors} connection errors or timeouts`);
  return parts.join(", ") || "no answer";
}
function bothFailMessage(scenario, base, head2, configFile) {
  const expect = scenario.expectStatus === void 0 ? "the scenario" : `\`expect: ${scenario.expectStatus}\``;
  const rule = configFile === void 0 ? "Every path in `paths` must answer 2xx: check the path" : `Every scenario must answer its \`expect\` status (default 2xx): check ${expect} in ${configFile}`;
  return `both base and head fail ${scenario.name} (base: ${statusSummary(base)}; head: ${statusSummary(head2)}). ${rule} and the server's setup.`;
}
function baseFailsMessage(scenario, base, configFile) {
  const file = configFile ?? "config file";
  return `base fails ${scenario} (${statusSummary(base)}) but head does not: base's config file ${file} lists it, so it is compared, not dropped as new on head. Make base answer it (check base's server and its setup), or take it out of base's ${file} first.`;
}
function errorWithOutput(message2, output) {
  return `${message2}${output ? `
${output}` : ""}`;
}
function tamperedMessage(file) {
  return `perf-gate's own ${file} changed on disk while the gate ran (the pull request's install, build or server can write to it): refusing to measure with it. Run perf-gate where the pull request's code cannot write to the action's files (docs/security.md)`;
}
function planErrorMessage(check2, restartEvery, scenarios) {
  return planNote(check2, restartEvery, scenarios) ?? "this plan cannot decide anything";
}

// src/config/history-inputs.ts
function parseHistoryBranch(text2) {
  const name = text2.replace(/^refs\/heads\//, "");
  const bad = name === "" || name.length > 200 || // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what git refuses
  /[\x00-\x20\x7f~^:?*[\\]|\.\.|@\{|\/\/|^[-/.]|[/.]$|\.lock$|\/\./.test(name) || name === "@";
  if (bad) {
    throw configError(
      "history-branch",
      `\`${text2}\` is not a branch name git accepts`,
      "Use a plain branch name such as `perf-gate-history`."
    );
  }
  return name;
}
function parseReleaseTags(text2) {
  try {
    new RegExp(text2, "u");
  } catch (error) {
    throw configError(
      "release-tags",
      `\`${text2}\` is not a regular expression (${errorMessage(error)})`,
      "Write a JavaScript regular expression that the release tags match, e.g. `^v\\d+\\.\\d+\\.\\d+$`."
    );
  }
  return text2;
}

// src/config/input-parsers.ts
var INPUT_DEFAULTS = {
  start: "",
  paths: "/",
  config: "",
  "working-directory": ".",
  install: "auto",
  build: "",
  "build-timeout": "10m",
  "ready-timeout": "60s",
  "memory-threshold": "1%",
  port: "",
  threshold: "2%",
  base: "",
  "time-budget": "",
  timeout: "",
  "fail-on-regression": "true",
  "github-token": "",
  comment: "always",
  "check-name": "",
  "accept-label": "perf-gate:accept",
  "accept-in-description": "false",
  flamegraphs: "3s",
  name: "",
  measure: "",
  "output-dir": "",
  "artifact-name": "",
  "artifact-retention-days": "30",
  "keep-trees": "false",
  shard: "",
  replica: "",
  stage: "",
  confirm: "false",
  mode: "gate",
  results: "perf-gate-results",
  "history-branch": "perf-gate-history",
  "release-tags": "^v?\\d+\\.\\d+\\.\\d+$"
};
var DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/;
var UNIT_MS = { ms: 1, s: 1e3, m: 6e4, h: 36e5 };
function parseDuration(input, text2, bounds) {
  const trimmed = text2.trim();
  if (/^0+(?:\.0+)?$/.test(trimmed)) return checkBounds(input, text2, 0, bounds);
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) {
    throw configError(
      input,
      `\`${text2}\` has no unit`,
      `Write the unit: \`${trimmed}s\` for seconds, \`${trimmed}m\` for minutes (or \`ms\`, \`h\`).`
    );
  }
  const match = DURATION.exec(trimmed);
  if (!match) {
    throw configError(
      input,
      `\`${text2}\` is not a duration`,
      "Write a positive number with a unit, e.g. `30s`, `500ms` or `5m`."
    );
  }
  return checkBounds(input, text2, Number(match[1]) * UNIT_MS[match[2]], bounds);
}
function checkBounds(input, text2, ms3, bounds) {
  if (ms3 < bounds.minMs || ms3 > bounds.maxMs) {
    throw configError(
      input,
      `${text2} is out of range`,
      `Use a value from ${formatMs(bounds.minMs)} to ${formatMs(bounds.maxMs)}.`
    );
  }
  return ms3;
}
function parseLatencyRate(text2) {
  const trimmed = text2.trim().toLowerCase();
  if (trimmed === "off" || trimmed === "false") return void 0;
  const fixed = /^(\d+(?:\.\d+)?)\s*\/\s*s$/.exec(trimmed);
  if (fixed) {
    const rate2 = Number(fixed[1]);
    if (rate2 >= 1 && rate2 <= 1e6) return { rate: rate2 };
    throw configError("latency-rate", `${text2} is out of range`, "Use from 1/s to 1000000/s.");
  }
  if (!/%$/.test(trimmed))
    throw configError(
      "latency-rate",
      `\`${text2}\` is not a rate`,
      "Use a share of base's req/s such as `50%`, a rate such as `2000/s`, or `off`."
    );
  return { share: parsePercent("latency-rate", trimmed, { min: 0.05, max: 0.95 }) };
}
function parseSlice(text2) {
  if (text2.trim().toLowerCase() === "auto") return "auto";
  const ms3 = parseDuration("slice", text2, { minMs: 0, maxMs: 6e5 });
  if (ms3 > 0 && ms3 < 50)
    throw configError("slice", `${text2} is too short`, "Use `0` for whole rounds, or 50ms or more.");
  return ms3 / 1e3;
}
function formatMs(ms3) {
  if (ms3 % 36e5 === 0) return `${ms3 / 36e5}h`;
  if (ms3 % 6e4 === 0) return `${ms3 / 6e4}m`;
  if (ms3 % 1e3 === 0) return `${ms3 / 1e3}s`;
  return `${ms3}ms`;
}
function parsePercent(input, text2, bounds) {
  const trimmed = text2.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) {
    const share3 = Number(trimmed);
    const meant = share3 > 0 && share3 < 1 ? `\`${Number((share3 * 100).toFixed(4))}%\` for the share ${trimmed}` : `\`${trimmed}%\``;
    throw configError(input, `\`${text2}\` has no \`%\``, `Write a percentage with \`%\`: ${meant}.`);
  }
  const match = /^(\d+(?:\.\d+)?)\s*%$/.exec(trimmed);
  if (!match) {
    throw configError(input, `\`${text2}\` is not a percentage`, "Write a percentage such as `5%`.");
  }
  const value2 = Number(match[1]) / 100;
  if (value2 < bounds.min || value2 > bounds.max) {
    throw configError(
      input,
      `${text2} is out of range`,
      `Use a percentage from ${bounds.min * 100}% to ${bounds.max * 100}% (for five percent write \`5%\`).`
    );
  }
  return value2;
}
function parseInteger(input, text2, bounds) {
  const trimmed = text2.trim();
  if (!/^\d+$/.test(trimmed)) {
    throw configError(
      input,
      `\`${text2}\` is not a whole number`,
      `Use a whole number from ${bounds.min} to ${bounds.max}.`
    );
  }
  const value2 = Number(trimmed);
  if (value2 < bounds.min || value2 > bounds.max) {
    throw configError(
      input,
      `${text2} is out of range`,
      `Use a whole number from ${bounds.min} to ${bounds.max}.`
    );
  }
  return value2;
}
function parseBoolean(input, text2) {
  const value2 = text2.trim().toLowerCase();
  if (["true", "yes", "on", "1"].includes(value2)) return true;
  if (["false", "no", "off", "0"].includes(value2)) return false;
  throw configError(input, `\`${text2}\` is not a boolean`, "Accepted values: `true` or `false`.");
}
function parsePaths(text2) {
  const paths = text2.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "" && !line.startsWith("#"));
  if (paths.length === 0)
    throw configError("paths", "no path given", "Give one request path per line, e.g. `/health`.");
  for (const path of paths) {
    if (!path.startsWith("/") || /\s/.test(path)) {
      throw configError(
        "paths",
        `\`${path}\` is not a request path`,
        "Each line must be a path that starts with `/`, e.g. `/seed/v1`."
      );
    }
  }
  const twice = paths.find((path, i) => paths.indexOf(path) !== i);
  if (twice !== void 0) throw configError("paths", `\`${twice}\` is listed twice`, "List each path once.");
  return paths;
}
function parseShard(text2) {
  return parsePlace("shard", text2, "shards", "all scenarios", 1e3);
}
function parseReplica(text2) {
  return parsePlace("replica", text2, "runners", "one runner", 256);
}
function parsePlace(name, text2, what2, empty, max) {
  if (text2.trim() === "") return void 0;
  const match = /^(\d+)\s*\/\s*(\d+)$/.exec(text2.trim());
  const fix = `Write \`i/n\`: the i-th of n ${what2}, counted from 1, e.g. \`2/3\` (or leave it empty for ${empty}).`;
  if (!match) throw configError(name, `\`${text2}\` is not a ${name}`, fix);
  const index = Number(match[1]);
  const count4 = Number(match[2]);
  if (count4 < 1 || count4 > max || index < 1 || index > count4) {
    throw configError(name, `${text2} is out of range`, `${fix.slice(0, -1)}; n is from 1 to ${max}.`);
  }
  return { index, count: count4 };
}
function parseStage(text2) {
  const t = text2.trim().toLowerCase();
  if (t === "") return void 0;
  if (t === "first" || t === "1") return 1;
  if (t === "second" || t === "2") return 2;
  throw configError(
    "stage",
    `\`${text2}\` is not a stage`,
    "Write `first` on the one runner of the first stage and `second` on the runners of the second (or leave it empty)."
  );
}
function parseInstall(text2) {
  if (["none", "false", "skip"].includes(text2.toLowerCase())) return "skip";
  return text2.toLowerCase() === "auto" ? "auto" : text2;
}
function parseEngine(text2) {
  const value2 = text2.trim().toLowerCase();
  if (value2 === "kept" || value2 === "autocannon") return value2;
  throw configError(
    "engine",
    `\`${text2}\` is not a load engine`,
    "Use `kept` (the default: connections kept open across turns) or `autocannon` (a fresh autocannon instance per turn)."
  );
}
function parseMode(text2) {
  const value2 = text2.toLowerCase();
  if (value2 === "gate" || value2 === "report" || value2 === "history")
    return { mode: value2, historyJob: "single" };
  if (value2 === "history-measure") return { mode: "history", historyJob: "measure" };
  if (value2 === "history-publish") return { mode: "history", historyJob: "publish" };
  throw configError(
    "mode",
    `\`${text2}\` is not a mode`,
    "Use `gate` (measure, the default), `report` (publish report.json files measured by another job; runs no code of the pull request), or `history` (measure the branch against its last release and keep a history; `history-measure` and `history-publish` split it into two jobs)."
  );
}
function parseCheckName(text2) {
  if (text2 === "") return void 0;
  if (text2.length > 100 || /[\r\n]/.test(text2)) {
    throw configError(
      "check-name",
      "it must be one line of at most 100 characters",
      "Use a short name such as `perf-gate`."
    );
  }
  return text2;
}
function parseRounds(text2) {
  if (text2.toLowerCase() === "auto") return void 0;
  if (!/^\d+$/.test(text2) || Number(text2) < 8 || Number(text2) > 500) {
    throw configError(
      "rounds",
      `\`${text2}\` is not a number of pairs`,
      "Use `auto` (adaptive, the default) or a whole number of pairs from 8 to 500."
    );
  }
  return Number(text2);
}
function parseAlpha(text2) {
  const value2 = Number(text2);
  if (!Number.isFinite(value2) || value2 <= 0 || value2 >= 0.5) {
    throw configError(
      "alpha",
      `\`${text2}\` is not a significance level`,
      "Use a number between 0 and 0.5, e.g. `0.05`."
    );
  }
  return value2;
}
function parseComment(text2) {
  const value2 = text2.toLowerCase();
  if (value2 === "off" || value2 === "always" || value2 === "change" || value2 === "regression") return value2;
  throw configError(
    "comment",
    `\`${text2}\` is not one of \`always\`, \`change\`, \`regression\`, \`off\``,
    "Use `always` (every run, the default), `change` (a regression, an improvement or an error), `regression` (a regression or an error) or `off` (no comment)."
  );
}
function parseFlamegraphs(text2) {
  if (text2.toLowerCase() === "off") return 0;
  if (/^(true|false|yes|no|on)$/i.test(text2)) {
    throw configError(
      "flamegraphs",
      `\`${text2}\` is neither a duration nor \`off\``,
      "Write how long each side is profiled, e.g. `3s` (the default), or `off`."
    );
  }
  return parseDuration("flamegraphs", text2, { minMs: 1e3, maxMs: 6e5 }) / 1e3;
}
function parseName(text2) {
  if (text2 === "") return void 0;
  if (!/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$/.test(text2)) {
    throw configError(
      "name",
      `\`${text2}\` is not a gate name`,
      "Use up to 40 letters, digits, spaces, `.`, `_` or `-`, starting with a letter or digit, e.g. `name: api`."
    );
  }
  return text2;
}
function parseAcceptLabel(text2) {
  if (text2.toLowerCase() === "off") return void 0;
  if (text2.length > 50 || /[\r\n,]/.test(text2)) {
    throw configError(
      "accept-label",
      `\`${text2}\` is not a label name`,
      "Use the name of one label, at most 50 characters, e.g. `perf-gate:accept`, or `off`."
    );
  }
  return text2;
}

// src/config/yaml-tree.ts
var import_yaml = __toESM(require_dist(), 1);
var ALIASES = {
  paths: "scenarios",
  requests: "scenarios",
  endpoints: "scenarios",
  command: "start",
  environment: "env",
  readiness: "ready",
  health: "ready",
  healthcheck: "ready",
  url: "path",
  route: "path",
  verb: "method",
  status: "expect",
  expectstatus: "expect",
  statuscode: "expect",
  data: "body",
  json: "body",
  file: "bodyFile",
  concurrency: "connections"
};
function load(text2, fail) {
  const lines = new import_yaml.LineCounter();
  const document = (0, import_yaml.parseDocument)(text2, { lineCounter: lines, prettyErrors: true, uniqueKeys: false });
  const syntax = document.errors[0];
  if (syntax) {
    const line = syntax.linePos?.[0].line ?? 1;
    fail(
      line,
      "",
      `not valid YAML: ${syntax.message.split(/ at line \d+, column \d+/)[0].trim()}`,
      "check the indentation, and quote values that contain `: ` or ` #` or start with `{`, `[`, `*`, `&`, `!`, `|` or `>`"
    );
  }
  refuseAliasBomb(document, fail);
  const contents = document.contents;
  if (contents === null || (0, import_yaml.isScalar)(contents) && contents.value === null) {
    fail(
      1,
      "",
      "the file is empty",
      "write at least `scenarios:` with one request, e.g. `scenarios: [{ path: / }]`"
    );
  }
  return new TreeBuilder(document, lines, fail).convert(contents, [], 1);
}
var MAX_ALIAS_COUNT = 1e3;
var MAX_NODES = 2e5;
var ALIAS_FIX = "write the repeated values out, or use fewer aliases (`*name`) and none nested in what another alias repeats";
function refuseAliasBomb(document, fail) {
  try {
    document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    if (!(error instanceof Error) || !/alias count/i.test(error.message)) return;
    fail(
      1,
      "",
      `its aliases (\`*name\`) would expand it more than ${MAX_ALIAS_COUNT} times over (input \`config\`)`,
      ALIAS_FIX
    );
  }
}
var TreeBuilder = class {
  document;
  lines;
  fail;
  constructor(document, lines, fail) {
    this.document = document;
    this.lines = lines;
    this.fail = fail;
  }
  nodes = 0;
  /** `at`: the line of the nearest enclosing node, for nodes that have no position of their own. */
  convert(node, ancestors, at) {
    if (node === null) return { kind: "scalar", line: at, value: null, source: "" };
    const line = node.range ? this.lineOf(node) : at;
    if (++this.nodes > MAX_NODES) {
      this.fail(
        line,
        "",
        `its aliases (\`*name\`) expand it to more than ${MAX_NODES} values (input \`config\`)`,
        ALIAS_FIX
      );
    }
    if ((0, import_yaml.isAlias)(node)) {
      const target = node.resolve(this.document);
      if (!target)
        this.fail(
          line,
          "",
          `the alias \`*${node.source}\` refers to no anchor`,
          "define `&name` before `*name`"
        );
      if (ancestors.includes(target)) {
        this.fail(
          line,
          "",
          `the alias \`*${node.source}\` refers to a node that contains it`,
          "remove the alias"
        );
      }
      const value2 = this.convert(target, ancestors, line);
      return { ...value2, line };
    }
    if ((0, import_yaml.isScalar)(node)) {
      const value2 = node.value;
      if (value2 === null || typeof value2 === "string" || typeof value2 === "number" || typeof value2 === "boolean") {
        return { kind: "scalar", line, value: value2, source: node.source ?? String(value2) };
      }
      this.fail(
        line,
        "",
        `\`${node.source ?? String(value2)}\` is not a plain value`,
        "write a string, a number or a boolean"
      );
    }
    if ((0, import_yaml.isSeq)(node)) {
      const inside = [...ancestors, node];
      return {
        kind: "seq",
        line,
        items: node.items.map((item) => this.convert(item, inside, line))
      };
    }
    if ((0, import_yaml.isMap)(node)) return this.map(node.items, [...ancestors, node], line);
    return this.fail(line, "", "unsupported YAML node", "write mappings, lists and plain values only");
  }
  map(pairs, inside, line) {
    const entries = [];
    for (const pair2 of pairs) {
      const keyNode = pair2.key;
      const keyLine = keyNode?.range ? this.lineOf(keyNode) : line;
      const key = keyNode === null ? null : this.convert(keyNode, inside, keyLine);
      if (key === null || key.kind !== "scalar" || key.value === null) {
        this.fail(keyLine, "", "a key is not a name", "write keys as plain names, e.g. `path:`");
      }
      const name = typeof key.value === "string" ? key.value : key.source;
      const first = entries.find((entry) => entry.key === name);
      if (first) {
        this.fail(
          keyLine,
          "",
          `the key \`${name}\` appears twice in one mapping (first on line ${first.keyLine})`,
          "keep one"
        );
      }
      entries.push({ key: name, keyLine, value: this.convert(pair2.value, inside, keyLine) });
    }
    return { kind: "map", line, entries };
  }
  lineOf(node) {
    return this.lines.linePos(node.range?.[0] ?? 0).line;
  }
};
function plain(value2) {
  switch (value2.kind) {
    case "scalar":
      return value2.value;
    case "seq":
      return value2.items.map(plain);
    case "map":
      return Object.fromEntries(value2.entries.map((entry) => [entry.key, plain(entry.value)]));
  }
}
function describe(value2) {
  if (value2.kind === "map") return "a mapping";
  if (value2.kind === "seq") return "a list";
  if (value2.value === null) return "empty";
  if (typeof value2.value === "string") return `the string \`${value2.source}\``;
  return `\`${value2.source}\``;
}
function child(parent, key) {
  if (!/^[A-Za-z_$][\w$-]*$/.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent === "" ? key : `${parent}.${key}`;
}
function fields(value2, path, allowed, what2, fail) {
  if (value2.kind !== "map") {
    fail(
      value2.line,
      path,
      `${path === "" ? "the file is" : "is"} ${describe(value2)}, not a mapping`,
      `write ${what2} as \`key: value\` lines: ${list(allowed)}`
    );
  }
  const found = /* @__PURE__ */ new Map();
  for (const entry of value2.entries) {
    const known = allowed.find((key) => key === entry.key);
    if (known === void 0) {
      const guess = suggest(entry.key, allowed);
      fail(
        entry.keyLine,
        child(path, entry.key),
        "unknown key",
        guess === void 0 ? `${what2} takes ${list(allowed)}` : `did you mean \`${guess}\`?`
      );
    }
    found.set(known, entry);
  }
  return found;
}
function list(keys) {
  return keys.map((key) => `\`${key}\``).join(", ");
}
function suggest(key, allowed) {
  const normal = (text2) => text2.toLowerCase().replace(/[-_\s]/g, "");
  const wanted = normal(key);
  const alias = ALIASES[wanted];
  if (alias !== void 0 && allowed.includes(alias)) return alias;
  let best;
  for (const candidate of allowed) {
    const distance = editDistance(wanted, normal(candidate));
    if (best === void 0 || distance < best.distance) best = { key: candidate, distance };
  }
  if (best === void 0) return void 0;
  const limit = Math.min(2, Math.floor(Math.max(wanted.length, 1) / 3));
  return best.distance <= limit ? best.key : void 0;
}
function editDistance(a, b) {
  const rows = [];
  for (let i = 0; i <= a.length; i++) {
    const row2 = [];
    for (let j = 0; j <= b.length; j++) {
      if (i === 0 || j === 0) {
        row2.push(i + j);
        continue;
      }
      const up = rows[i - 1];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(up[j] + 1, row2[j - 1] + 1, up[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2][j - 2] + 1);
      row2.push(d);
    }
    rows.push(row2);
  }
  return rows[a.length][b.length];
}

// src/config/measure.ts
var MEASURE_DEFAULTS = {
  rounds: "auto",
  duration: "2s",
  warmup: "0.25s",
  prime: "2s",
  slice: "auto",
  engine: "kept",
  "latency-rate": "off",
  "restart-every": String(DEFAULT_RESTART_EVERY),
  pin: "true",
  connections: "10",
  alpha: "0.05",
  "latency-threshold": "20%"
};
var MEASURE_KEYS = Object.keys(MEASURE_DEFAULTS);
function isMeasureKey(name) {
  return MEASURE_KEYS.includes(name);
}
function parseMeasureBlock(text2) {
  if (text2.trim() === "") return {};
  const fail = (line, field, problem, fix) => {
    const where = field === "" ? `line ${line}` : `line ${line}, \`${field}\``;
    const sentence = `${fix.charAt(0).toUpperCase()}${fix.slice(1)}`;
    throw configError("measure", `${where}: ${problem}`, /[.?]$/.test(sentence) ? sentence : `${sentence}.`);
  };
  const root = load(text2, fail);
  const example = "write one `key: value` per line, e.g. `rounds: 20`";
  if (root.kind !== "map") fail(root.line, "", `it is ${describe(root)}, not \`key: value\` lines`, example);
  const settings2 = {};
  for (const [key, entry] of fields(root, "", MEASURE_KEYS, "the block", fail)) {
    const value2 = entry.value;
    if (value2.kind !== "scalar") fail(entry.keyLine, key, `is ${describe(value2)}, not a value`, example);
    const written2 = typeof value2.value === "string" ? value2.value.trim() : value2.source;
    if (written2 !== "") settings2[key] = written2;
  }
  return settings2;
}
function measureReader(settings2) {
  return (key, parse) => {
    const text2 = settings2[key] ?? MEASURE_DEFAULTS[key];
    try {
      return parse(text2);
    } catch (error) {
      if (!(error instanceof ConfigError) || error.input !== key || error.setting !== void 0) throw error;
      throw new ConfigError("measure", error.problem, error.fix, key);
    }
  };
}
function foldMeasure(settings2) {
  const folded = {};
  const lines = [];
  for (const [name, value2] of Object.entries(settings2)) {
    if (value2 === void 0) continue;
    if (isMeasureKey(name)) lines.push(`${name}: ${JSON.stringify(value2)}`);
    else folded[name] = value2;
  }
  if (lines.length > 0) folded.measure = [folded.measure ?? "", ...lines].join("\n");
  return folded;
}

// src/config/repo-files.ts
import { readFileSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
var FILE_MAX_BYTES = 64 * 1024 * 1024;
var OutsideRepositoryError = class extends Error {
  code = "EOUTSIDE";
  constructor(how) {
    super(`it leads out of the repository${how}`);
    this.name = "OutsideRepositoryError";
  }
};
function isOutsideRepository(error) {
  return error?.code === "EOUTSIDE";
}
function escapes(root, path) {
  const rel = relative(root, path);
  return rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel);
}
function repoFileReader(root) {
  return (path) => {
    const full = resolve(root, path);
    if (!isAbsolute(path)) {
      if (escapes(resolve(root), full)) throw new OutsideRepositoryError(" (through `..`)");
      const real = realpathSync(full);
      if (escapes(realpathSync(root), real)) throw new OutsideRepositoryError(" (through a symbolic link)");
    }
    const stat = statSync(full);
    if (!stat.isFile()) throw new Error(`${path} is not a regular file`);
    if (stat.size > FILE_MAX_BYTES) throw new Error(`${path} is larger than ${FILE_MAX_BYTES} bytes`);
    return readFileSync(full, "utf8");
  };
}

// src/config/workflow-policy.ts
var POLICY_BOUNDS = {
  threshold: { min: 1e-3, max: 1 },
  memoryThreshold: { min: 1e-3, max: 10 },
  readyTimeout: { minMs: 1e3, maxMs: 36e5 }
};
function workflowThreshold(get) {
  return parsePercent("threshold", get("threshold"), POLICY_BOUNDS.threshold);
}
function workflowMemoryThreshold(get) {
  return parsePercent("memory-threshold", get("memory-threshold"), POLICY_BOUNDS.memoryThreshold);
}
function workflowPort(get) {
  const text2 = get("port");
  return text2 === "" ? void 0 : parseInteger("port", text2, { min: 1, max: 65535 });
}
function workflowReadyTimeout(get) {
  return parseDuration("ready-timeout", get("ready-timeout"), POLICY_BOUNDS.readyTimeout);
}
function workflowPolicy(get) {
  return {
    start: get("start"),
    threshold: workflowThreshold(get),
    memoryThreshold: workflowMemoryThreshold(get),
    port: workflowPort(get),
    readyTimeoutMs: workflowReadyTimeout(get)
  };
}

// src/config/yaml-values.ts
var STATUS_BOUNDS = { min: 100, max: 599 };
function reuse(value2, path, fail, parse) {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const fix = error.fix.replace(/\.$/, "");
    return fail(value2.line, path, error.problem, fix.charAt(0).toLowerCase() + fix.slice(1));
  }
}
function string(value2, path, fix, fail) {
  if (value2.kind !== "scalar" || typeof value2.value !== "string") {
    fail(value2.line, path, `is ${describe(value2)}, not a string`, fix);
  }
  return value2.value;
}
function command(value2, path, fail) {
  const text2 = string(value2, path, "write a shell command, e.g. `npm run seed`", fail);
  if (text2.trim() === "") fail(value2.line, path, "is blank", `write a shell command, or remove \`${path}\``);
  return text2;
}
function integer(value2, path, bounds, fail) {
  const fix = `write a whole number from ${bounds.min} to ${bounds.max}, without quotes`;
  if (value2.kind !== "scalar" || typeof value2.value !== "number") {
    fail(value2.line, path, `is ${describe(value2)}, not a number`, fix);
  }
  const number = value2.value;
  return reuse(
    value2,
    path,
    fail,
    () => parseInteger("connections", Number.isInteger(number) ? String(number) : value2.source, bounds)
  );
}
function percent(value2, path, fail, bounds = POLICY_BOUNDS.threshold) {
  const fix = "write a percentage with `%`, e.g. `5%`";
  if (value2.kind !== "scalar" || typeof value2.value !== "string") {
    fail(value2.line, path, `is ${describe(value2)}, not a percentage`, fix);
  }
  const text2 = value2.value;
  return reuse(value2, path, fail, () => parsePercent("threshold", text2, bounds));
}
function duration(value2, path, fail) {
  const fix = "write a number with a unit (`ms`, `s`, `m` or `h`), e.g. `60s`";
  if (value2.kind !== "scalar" || typeof value2.value !== "string") {
    fail(value2.line, path, `is ${describe(value2)}, not a duration`, fix);
  }
  const text2 = value2.value;
  return reuse(value2, path, fail, () => parseDuration("ready-timeout", text2, POLICY_BOUNDS.readyTimeout));
}
function requestPath(value2, path, fail) {
  const fix = "write a request path that starts with `/`, e.g. `/orders?limit=10`";
  const text2 = string(value2, path, fix, fail);
  if (!/^\/\S*$/.test(text2)) fail(value2.line, path, `\`${text2}\` is not a request path`, fix);
  return text2;
}
function text(value2, path, fix, fail) {
  if (value2.kind !== "scalar" || value2.value === null) {
    fail(value2.line, path, value2.kind === "scalar" ? "is empty" : `is ${describe(value2)}, not a value`, fix);
  }
  return typeof value2.value === "string" ? value2.value : value2.source;
}

// src/config/scenario.ts
var HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
var BODYLESS = /* @__PURE__ */ new Set(["GET", "HEAD"]);
var SCENARIO_KEYS = [
  "name",
  "method",
  "path",
  "headers",
  "body",
  "bodyFile",
  "expect",
  "connections",
  "threshold"
];
var NAME_MAX = 80;
var HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
var FRAMING = /* @__PURE__ */ new Set(["content-length", "transfer-encoding", "connection", "host"]);
var ABSOLUTE = /^(?:[/\\]|[A-Za-z]:)/;
var CONNECTIONS_BOUNDS = { min: 1, max: 1e4 };
function scenarioList(value2, files, fail) {
  if (value2.kind !== "seq" || value2.items.length === 0) {
    fail(
      value2.line,
      "scenarios",
      value2.kind === "seq" ? "the list is empty" : `is ${describe(value2)}, not a list`,
      "list the requests to load, one `- path: /\u2026` item each"
    );
  }
  const scenarios = [];
  const names = /* @__PURE__ */ new Map();
  value2.items.forEach((item, index) => {
    const path = `scenarios[${index}]`;
    const scenario = parseScenario(item, path, files, fail);
    const nameEntry = item.kind === "map" ? item.entries.find((entry) => entry.key === "name") : void 0;
    const line = nameEntry?.value.line ?? item.line;
    const earlier = names.get(scenario.name);
    if (earlier) {
      fail(
        line,
        nameEntry ? `${path}.name` : path,
        `the name \`${scenario.name}\` is taken by scenarios[${earlier.index}] (line ${earlier.line})`,
        nameEntry ? "give each scenario a different `name`" : "add a `name` to tell them apart (a scenario without one is named `METHOD path`)"
      );
    }
    names.set(scenario.name, { index, line });
    scenarios.push(scenario);
  });
  return scenarios;
}
function parseScenario(value2, path, files, fail) {
  const found = fields(value2, path, SCENARIO_KEYS, "a scenario", fail);
  const pathEntry = found.get("path");
  if (!pathEntry) fail(value2.line, `${path}.path`, "missing", "write the request path, e.g. `path: /orders`");
  const requestPathText = requestPath(pathEntry.value, `${path}.path`, fail);
  const methodEntry = found.get("method");
  const method = methodEntry ? methodOf(methodEntry.value, `${path}.method`, fail) : "GET";
  const nameEntry = found.get("name");
  const name = nameEntry ? nameOf(nameEntry.value, `${path}.name`, fail) : `${method} ${requestPathText}`;
  const headersEntry = found.get("headers");
  const headers = headersEntry ? headersOf(headersEntry.value, `${path}.headers`, name, fail) : {};
  const request2 = { method, methodWritten: methodEntry !== void 0, headers };
  const body = bodyOf(found.get("body"), found.get("bodyFile"), path, request2, files, fail);
  const expectEntry = found.get("expect");
  const connectionsEntry = found.get("connections");
  const thresholdEntry = found.get("threshold");
  return {
    name,
    method,
    path: requestPathText,
    headers,
    body,
    expectStatus: expectEntry ? integer(expectEntry.value, `${path}.expect`, STATUS_BOUNDS, fail) : void 0,
    connections: connectionsEntry ? integer(connectionsEntry.value, `${path}.connections`, CONNECTIONS_BOUNDS, fail) : void 0,
    threshold: thresholdEntry ? percent(thresholdEntry.value, `${path}.threshold`, fail) : void 0
  };
}
function methodOf(value2, path, fail) {
  const fix = `use one of ${HTTP_METHODS.join(", ")}`;
  const written2 = string(value2, path, fix, fail);
  const method = written2.toUpperCase();
  if (!HTTP_METHODS.includes(method)) {
    fail(value2.line, path, `\`${written2}\` is not an HTTP method`, fix);
  }
  return method;
}
function nameOf(value2, path, fail) {
  const fix = `write a one-line name of at most ${NAME_MAX} characters`;
  const name = string(value2, path, fix, fail);
  if (name.trim() === "" || /[\r\n]/.test(name) || [...name].length > NAME_MAX) {
    fail(value2.line, path, name.trim() === "" ? "is blank" : "is too long or has line breaks", fix);
  }
  return name;
}
function headersOf(map, path, scenario, fail) {
  if (map.kind !== "map") {
    fail(
      map.line,
      path,
      `is ${describe(map)}, not a mapping`,
      "write headers as `name: value`, e.g. `headers: { accept: application/json }`"
    );
  }
  const headers = {};
  const seen = /* @__PURE__ */ new Map();
  for (const entry of map.entries) {
    const field = child(path, entry.key);
    if (!HEADER_NAME.test(entry.key)) {
      fail(
        entry.keyLine,
        field,
        `\`${entry.key}\` is not a header name`,
        "use letters, digits and `-`, e.g. `x-request-id`"
      );
    }
    const lower = entry.key.toLowerCase();
    if (FRAMING.has(lower))
      fail(
        entry.keyLine,
        field,
        `scenario \`${scenario}\`: \`${entry.key}\` frames the request, which perf-gate does itself`,
        "remove it: perf-gate writes `Host` and `Content-Length` from the URL and the body and keeps connections open, so `content-length`, `transfer-encoding`, `connection` and `host` cannot be set"
      );
    const twin = seen.get(lower);
    if (twin !== void 0)
      fail(entry.keyLine, field, `repeats the header \`${twin}\``, "header names ignore case: keep one");
    seen.set(lower, entry.key);
    const header = text(entry.value, field, "write the header value, e.g. `application/json`", fail);
    if (/[\r\n]/.test(header))
      fail(entry.value.line, field, "has a line break", "write the header value on one line");
    headers[entry.key] = header;
  }
  return headers;
}
function bodyOf(bodyEntry, bodyFileEntry, path, request2, files, fail) {
  if (bodyEntry && bodyFileEntry) {
    const later = bodyEntry.keyLine > bodyFileEntry.keyLine ? bodyEntry : bodyFileEntry;
    fail(
      later.keyLine,
      path,
      "`body` and `bodyFile` are both set",
      "keep one: the body inline or from a file"
    );
  }
  const carrier = bodyEntry ?? bodyFileEntry;
  if (carrier && BODYLESS.has(request2.method)) {
    fail(
      carrier.keyLine,
      `${path}.${carrier.key}`,
      `a ${request2.method} request has no body${request2.methodWritten ? "" : " (`method` defaults to GET)"}`,
      "set `method: POST` (or PUT, PATCH, DELETE) or remove the body"
    );
  }
  if (bodyEntry) return inlineBody(bodyEntry.value, `${path}.body`, request2.headers, fail);
  if (bodyFileEntry) return fileBody(bodyFileEntry.value, `${path}.bodyFile`, files, fail);
  return void 0;
}
function inlineBody(value2, path, headers, fail) {
  if (value2.kind === "scalar" && typeof value2.value === "string") return value2.value;
  if (value2.kind === "map" || value2.kind === "seq") {
    if (!Object.keys(headers).some((key) => key.toLowerCase() === "content-type")) {
      headers["content-type"] = "application/json";
    }
    return JSON.stringify(plain(value2));
  }
  return fail(
    value2.line,
    path,
    `is ${describe(value2)}, not a mapping, list or string`,
    "write a mapping or list (sent as JSON) or a string (sent as is; quote it)"
  );
}
function fileBody(value2, path, files, fail) {
  const fix = `write a path relative to the directory of ${files.fileName}, e.g. \`fixtures/order.json\``;
  const relative6 = string(value2, path, fix, fail);
  if (relative6.trim() === "" || ABSOLUTE.test(relative6)) {
    fail(value2.line, path, `\`${relative6}\` is not a relative path`, fix);
  }
  try {
    return files.readFile(relative6);
  } catch (error) {
    if (isOutsideRepository(error)) {
      return fail(
        value2.line,
        path,
        `\`${relative6}\` leads out of the repository`,
        `keep body files inside the repository (no \`..\` past its root, no symbolic link out of it), e.g. \`fixtures/order.json\` beside ${files.fileName}`
      );
    }
    const reason = errorMessage(error);
    return fail(value2.line, path, `cannot read \`${relative6}\` (${reason})`, fix);
  }
}

// src/config/scenario-file.ts
var TOP_KEYS = [
  "start",
  "port",
  "env",
  "ready",
  "setup",
  "teardown",
  "threshold",
  "memoryThreshold",
  "scenarios"
];
var READY_KEYS = ["path", "status", "timeout"];
var ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
var PORT_BOUNDS = { min: 1, max: 65535 };
function parseScenarioFile(text2, options) {
  const { fileName } = options;
  const fail = (line, field, problem, fix) => {
    const where = field === "" ? "" : ` ${field}:`;
    throw new GateError("config", `${fileName}:${line}:${where} ${problem}; ${fix}`);
  };
  const root = load(text2, fail);
  const top = fields(root, "", TOP_KEYS, "the file", fail);
  const file = { env: {}, scenarios: [] };
  const start = top.get("start");
  if (start) file.start = command(start.value, "start", fail);
  const port = top.get("port");
  if (port) file.port = integer(port.value, "port", PORT_BOUNDS, fail);
  const env = top.get("env");
  if (env) file.env = environment(env.value, fail);
  const setup2 = top.get("setup");
  if (setup2) file.setup = command(setup2.value, "setup", fail);
  const teardown2 = top.get("teardown");
  if (teardown2) file.teardown = command(teardown2.value, "teardown", fail);
  const threshold = top.get("threshold");
  if (threshold) file.threshold = percent(threshold.value, "threshold", fail);
  const memoryThreshold = top.get("memoryThreshold");
  if (memoryThreshold)
    file.memoryThreshold = percent(
      memoryThreshold.value,
      "memoryThreshold",
      fail,
      POLICY_BOUNDS.memoryThreshold
    );
  const scenarios = top.get("scenarios");
  if (!scenarios) {
    fail(
      root.line,
      "scenarios",
      "missing",
      "list the requests to load, e.g. `scenarios: [{ path: /health }]` (or drop the file and use the `paths` input)"
    );
  }
  file.scenarios = scenarioList(scenarios.value, options, fail);
  const ready = top.get("ready");
  if (ready) file.ready = readiness(ready.value, file.scenarios[0].path, fail);
  return file;
}
function scenariosFromPaths(paths) {
  return paths.map((path) => ({
    name: `GET ${path}`,
    method: "GET",
    path,
    headers: {},
    body: void 0,
    expectStatus: void 0,
    connections: void 0,
    threshold: void 0
  }));
}
function checkInputOverlap(file, fileName, lookup) {
  const isSet = (name) => {
    const value2 = lookup(name).trim();
    return value2 !== "" && value2 !== INPUT_DEFAULTS[name];
  };
  const overlaps = [
    ["start", "start", file.start !== void 0],
    ["port", "port", file.port !== void 0],
    ["threshold", "threshold", file.threshold !== void 0],
    ["memory-threshold", "memoryThreshold", file.memoryThreshold !== void 0],
    ["ready-timeout", "ready.timeout", file.ready?.timeoutMs !== void 0],
    ["paths", "scenarios", true]
  ];
  for (const [input, key, inFile] of overlaps) {
    if (inFile && isSet(input)) {
      throw new GateError(
        "config",
        `input \`${input}\`: ${fileName} sets \`${key}\` too; set it in one place: remove the input from the workflow or \`${key}\` from ${fileName}.`
      );
    }
  }
  if (file.start === void 0 && lookup("start").trim() === "") {
    throw new GateError(
      "config",
      `input \`start\`: it is required. Set it to the command that starts your server, either as the input (\`start: node index.js\`) or in ${fileName}.`
    );
  }
}
function environment(value2, fail) {
  if (value2.kind !== "map") {
    fail(
      value2.line,
      "env",
      `is ${describe(value2)}, not a mapping`,
      "write variables as `NAME: value`, e.g. `env: { NODE_ENV: production }`"
    );
  }
  const env = {};
  for (const entry of value2.entries) {
    const path = child("env", entry.key);
    if (entry.key === "PORT") {
      fail(
        entry.keyLine,
        path,
        "perf-gate sets PORT itself (a free port, or `port`)",
        "remove it, and set `port: <number>` if your server listens on a fixed port"
      );
    }
    if (!ENV_NAME.test(entry.key)) {
      fail(
        entry.keyLine,
        path,
        `\`${entry.key}\` is not a variable name`,
        "use letters, digits and `_`, not starting with a digit"
      );
    }
    env[entry.key] = text(entry.value, path, 'write the value, quoted if needed, e.g. `"8"`', fail);
  }
  return env;
}
function readiness(value2, firstPath, fail) {
  const found = fields(value2, "ready", READY_KEYS, "`ready`", fail);
  const path = found.get("path");
  const ready = {
    path: path ? requestPath(path.value, "ready.path", fail) : firstPath
  };
  const status = found.get("status");
  if (status) ready.status = integer(status.value, "ready.status", STATUS_BOUNDS, fail);
  const timeout = found.get("timeout");
  if (timeout) ready.timeoutMs = duration(timeout.value, "ready.timeout", fail);
  return ready;
}

// src/config/inputs.ts
function selectShard(scenarios, shard) {
  if (shard === void 0) return [...scenarios];
  return scenarios.filter((_, i) => i % shard.count === shard.index - 1);
}
function loadConfigFile(text2, workingDirectory, sources) {
  if (text2 === "") return void 0;
  const fileName = isAbsolute2(text2) ? text2 : join(workingDirectory, text2);
  const read = sources.readFile ?? (() => {
    throw new Error("no file reader");
  });
  let content;
  try {
    content = read(fileName);
  } catch (error) {
    const missing2 = error?.code === "ENOENT";
    throw configError(
      "config",
      `cannot read \`${fileName}\` (${missing2 ? "there is no such file" : errorMessage(error)})`,
      isOutsideRepository(error) ? "Keep the config file inside the repository, as a file, not a symbolic link that leads out of it." : `The path is relative to \`working-directory\` (\`${workingDirectory}\`) in the head commit: check the name and that the file is committed, e.g. \`config: perf-gate.yml\`.`
    );
  }
  const bytes = Buffer.byteLength(content, "utf8");
  if (bytes > CONFIG_MAX_BYTES) {
    throw configError(
      "config",
      `\`${fileName}\` is ${bytes} bytes, more than the 1 MiB a config file may be`,
      "A config file lists a few scenarios: put large request bodies in `bodyFile`s, and check that `config` names the right file."
    );
  }
  const file = parseScenarioFile(content, {
    fileName,
    readFile: (relativePath) => read(bodyFilePath(fileName, relativePath))
  });
  return { file, fileName };
}
var CONFIG_MAX_BYTES = 1024 * 1024;
function bodyFilePath(fileName, relativePath) {
  const path = join(dirname(fileName), relativePath);
  const within = isAbsolute2(fileName) ? relative2(dirname(fileName), path) : path;
  if (within === ".." || within.startsWith(`..${sep2}`) || isAbsolute2(within)) {
    throw new OutsideRepositoryError(" (through `..`)");
  }
  return path;
}
function shardScenarios(get, file) {
  const all = file?.scenarios ?? scenariosFromPaths(parsePaths(get("paths")));
  const shard = parseShard(get("shard"));
  const scenarios = selectShard(all, shard);
  if (scenarios.length === 0) {
    throw configError(
      "shard",
      `shard ${shard.index}/${shard.count} has no scenarios: there are ${all.length} in all`,
      `Use at most ${all.length} shard${all.length === 1 ? "" : "s"} (\`shard: i/${all.length}\`), or add scenarios.`
    );
  }
  return { all, shard, scenarios };
}
function comparisonInputs(get, lookup, file, workflow, decided3) {
  const buildText = get("build");
  const baseText = get("base");
  return {
    port: file?.port ?? workflow.port,
    threshold: file?.threshold ?? workflow.threshold,
    latencyThreshold: decided3.latencyThreshold,
    memoryThreshold: file?.memoryThreshold ?? workflow.memoryThreshold,
    alpha: decided3.alpha,
    failOnRegression: parseBoolean("fail-on-regression", get("fail-on-regression")),
    token: lookup("github-token").trim(),
    install: parseInstall(get("install")),
    build: buildText === "" ? void 0 : buildText,
    base: baseText === "" ? void 0 : baseText,
    pairs: decided3.pairs
  };
}
function loadInputs(get, measure2, mode) {
  const budget = get("time-budget") || (mode === "history" ? DEFAULT_HISTORY_BUDGET : DEFAULT_TIME_BUDGET);
  const seconds = (key, minMs) => measure2(key, (text2) => parseDuration(key, text2, { minMs, maxMs: 6e5 }) / 1e3);
  return {
    budgetMs: parseDuration("time-budget", budget, { minMs: 1e4, maxMs: 6 * 36e5 }),
    // Half a second is 10 turns of 50 ms per side: a fast server still alternates within it.
    durationSec: seconds("duration", 250),
    warmupSec: seconds("warmup", 0),
    // The priming's rate chooses the turn length (`slice: auto`): it needs a few turns of load.
    primeSec: seconds("prime", 250),
    sliceSec: measure2("slice", parseSlice),
    engine: measure2("engine", parseEngine),
    openLoop: measure2("latency-rate", parseLatencyRate),
    connections: measure2("connections", (text2) => parseInteger("connections", text2, { min: 1, max: 1e4 })),
    restartEvery: measure2(
      "restart-every",
      (text2) => parseInteger("restart-every", text2, { min: 0, max: 1e3 })
    ),
    pin: measure2("pin", (text2) => parseBoolean("pin", text2))
  };
}
var HISTORY_TIMEOUT_ROOM_MS = 15 * 6e4;
function timeoutInputs(get, file, workflow, history) {
  const written2 = get("timeout");
  const buildTimeoutMs = parseDuration("build-timeout", get("build-timeout"), {
    minMs: 1e3,
    maxMs: 6 * 36e5
  });
  const timeoutMs = written2 === "" && history ? history.budgetMs + HISTORY_TIMEOUT_ROOM_MS : parseDuration("timeout", written2 || DEFAULT_TIMEOUT, { minMs: 1e4, maxMs: 6 * 36e5 });
  return {
    readyTimeoutMs: file?.ready?.timeoutMs ?? workflow.readyTimeoutMs,
    buildTimeoutMs,
    timeoutMs
  };
}
function outputInputs(get, sources, settled) {
  const label = parseAcceptLabel(get("accept-label"));
  return {
    workingDirectory: settled.workingDirectory,
    outputDir: get("output-dir") || sources.outputDir,
    commentOn: parseComment(get("comment")),
    profileSec: parseFlamegraphs(get("flamegraphs")),
    keepTrees: parseBoolean("keep-trees", get("keep-trees")),
    checkName: parseCheckName(get("check-name")),
    mode: settled.mode,
    results: get("results"),
    artifactName: get("artifact-name") || void 0,
    artifactRetentionDays: parseInteger("artifact-retention-days", get("artifact-retention-days"), {
      min: 1,
      max: 400
    }),
    name: parseName(get("name")),
    accept: label === void 0 ? void 0 : { label, inDescription: parseBoolean("accept-in-description", get("accept-in-description")) },
    historyBranch: parseHistoryBranch(get("history-branch")),
    historyJob: settled.historyJob,
    releaseTags: parseReleaseTags(get("release-tags"))
  };
}
function placeInputs(replicaText, stage) {
  const replica = parseReplica(replicaText);
  return { ...replica ? { replica } : {}, ...stage ? { stage } : {} };
}
function parseConfig(lookup, sources) {
  const get = (name) => {
    const value2 = lookup(name).trim();
    return value2 === "" ? INPUT_DEFAULTS[name] : value2;
  };
  const { mode, historyJob } = parseMode(get("mode"));
  const measure2 = measureReader(parseMeasureBlock(get("measure")));
  const workingDirectory = get("working-directory");
  const publishing = mode === "report" || historyJob === "publish";
  const loaded = !publishing ? loadConfigFile(get("config"), workingDirectory, sources) : void 0;
  if (loaded) checkInputOverlap(loaded.file, loaded.fileName, lookup);
  const file = loaded?.file;
  const start = file?.start ?? get("start");
  if (start === "" && !publishing) {
    throw configError(
      "start",
      "it is required",
      "Set it to the command that starts your server, e.g. `start: node index.js`."
    );
  }
  const selection = shardScenarios(get, file);
  const stage = parseStage(get("stage"));
  const alpha = measure2("alpha", parseAlpha);
  const pairs = measure2("rounds", parseRounds);
  const latencyThreshold = measure2(
    "latency-threshold",
    (text2) => parsePercent("latency-threshold", text2, { min: 1e-3, max: 10 })
  );
  const { all, shard, scenarios } = selection;
  const load2 = loadInputs(get, measure2, mode);
  const expanded = expandConfig(scenarios, file?.env ?? {}, sources.environment ?? process.env);
  const workflow = workflowPolicy(get);
  return {
    start,
    workflow,
    configFile: loaded?.fileName,
    scenarios: expanded.scenarios,
    fileScenarios: all,
    scenarioCount: all.length,
    shard,
    ...placeInputs(get("replica"), stage),
    ...parseBoolean("confirm", get("confirm")) ? { confirm: true } : {},
    env: expanded.env,
    secrets: expanded.secrets,
    ready: { path: file?.ready?.path ?? all[0].path, status: file?.ready?.status },
    setup: file?.setup,
    teardown: file?.teardown,
    ...comparisonInputs(get, lookup, file, workflow, { alpha, pairs, latencyThreshold }),
    ...load2,
    ...timeoutInputs(get, file, workflow, mode === "history" ? { budgetMs: load2.budgetMs } : void 0),
    ...outputInputs(get, sources, { workingDirectory, mode, historyJob })
  };
}

// src/decide/outcome.ts
function stepOutcome(report, failOnRegression, accepted2 = false) {
  if (report.error && !report.error.neutral) return { kind: "fail", cause: "error" };
  if (report.verdict === "regression" && accepted2 && !report.error) return { kind: "pass" };
  if (report.verdict === "regression") {
    return failOnRegression ? { kind: "fail", cause: "regression" } : { kind: "warn", cause: "regression-allowed" };
  }
  if (report.error) return { kind: "warn", cause: "neutral-error" };
  return { kind: "pass" };
}
function exitStatus(report, failOnRegression) {
  if (stepOutcome(report, failOnRegression).kind !== "fail") return 0;
  return report.error && !report.error.neutral ? 2 : 1;
}

// src/gate/run-gate.ts
import { resolve as resolve8 } from "node:path";

// src/config/base-config.ts
import { isAbsolute as isAbsolute3, normalize, relative as relative3, sep as sep3 } from "node:path";
function sideCommands(config, side2) {
  if (side2 === "base" && config.baseCommands) return config.baseCommands;
  return {
    start: config.start,
    env: config.env,
    setup: config.setup,
    teardown: config.teardown,
    port: config.port,
    ready: config.ready,
    readyTimeoutMs: config.readyTimeoutMs
  };
}
function baseServer(config, base, headOnBase) {
  if (headOnBase) return { port: config.port, ready: config.ready, readyTimeoutMs: config.readyTimeoutMs };
  const workflow = config.workflow ?? { port: config.port, readyTimeoutMs: config.readyTimeoutMs };
  const path = base?.scenarios[0]?.path ?? config.scenarios[0]?.path ?? config.ready.path;
  return {
    port: base?.port ?? workflow.port,
    ready: { path: base?.ready?.path ?? path, status: base?.ready?.status },
    readyTimeoutMs: base?.ready?.timeoutMs ?? workflow.readyTimeoutMs ?? config.readyTimeoutMs
  };
}
function configPathInCommit(config, root) {
  const name = config.configFile;
  if (name === void 0) return void 0;
  const rel = isAbsolute3(name) ? relative3(root, name) : normalize(name);
  if (rel === "" || rel === ".." || rel.startsWith(`..${sep3}`) || isAbsolute3(rel)) return void 0;
  return rel.split(sep3).join("/");
}
function parseBaseFile(text2, fileName) {
  return parseScenarioFile(text2, { fileName: `${fileName} (base)`, readFile: () => "" });
}
function trustedConfig(config, baseText, headText, environment2 = process.env) {
  const fileName = config.configFile ?? "perf-gate.yml";
  let base;
  try {
    base = baseText === void 0 ? void 0 : parseBaseFile(baseText, fileName);
  } catch {
    base = void 0;
  }
  const workflow = config.workflow ?? { start: config.start, threshold: config.threshold };
  const baseStart = base?.start ?? workflow.start;
  const baseThresholds = new Map((base?.scenarios ?? []).map((s) => [s.name, s.threshold]));
  const baseEnv = expandEnv(base?.env ?? {}, environment2);
  return {
    ...config,
    secrets: [.../* @__PURE__ */ new Set([...config.secrets ?? [], ...baseEnv.secrets])],
    baseCommands: {
      start: baseStart === "" ? config.start : baseStart,
      env: baseEnv.env,
      setup: base?.setup,
      teardown: base?.teardown,
      ...baseServer(config, base, baseStart === "")
    },
    headCommandsOnBase: baseStart === "",
    threshold: base?.threshold ?? workflow.threshold,
    memoryThreshold: base?.memoryThreshold ?? workflow.memoryThreshold ?? config.memoryThreshold,
    scenarios: config.scenarios.map((s) => ({ ...s, threshold: baseThresholds.get(s.name) })),
    configChanged: config.configFile !== void 0 && baseText !== headText
  };
}

// src/io/disk.ts
import { lstat, readdir } from "node:fs/promises";
import { join as join2 } from "node:path";
async function diskUsage(path) {
  let info;
  try {
    info = await lstat(path);
  } catch {
    return 0;
  }
  const own = info.blocks * 512;
  if (!info.isDirectory()) return own;
  let entries;
  try {
    entries = await readdir(path);
  } catch {
    return own;
  }
  let total = own;
  for (const entry of entries) total += await diskUsage(join2(path, entry));
  return total;
}

// src/io/git.ts
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join as join3 } from "node:path";

// src/io/proc.ts
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdirSync as readdirSync2, readFileSync as readFileSync3 } from "node:fs";
import { setTimeout as sleep2 } from "node:timers/promises";

// src/io/leftovers.ts
import { readdirSync, readFileSync as readFileSync2, statSync as statSync2 } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
var TREE_MARK = "PERF_GATE_TREE";
var uid = typeof process.getuid === "function" ? process.getuid() : void 0;
function commandOf(pid) {
  try {
    const line = readFileSync2(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
    if (line !== "") return line.length > 120 ? `${line.slice(0, 119)}\u2026` : line;
  } catch {
  }
  try {
    return readFileSync2(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return `pid ${pid}`;
  }
}
function statFields(pid) {
  try {
    const stat = readFileSync2(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return void 0;
  }
}
function groupAndSession(pid) {
  const fields2 = statFields(pid);
  if (!fields2 || fields2[0] === "Z" || fields2[0] === "X") return void 0;
  return { pgrp: Number(fields2[2]), session: Number(fields2[3]) };
}
var EXEC_READS = 5;
var EXEC_WAIT_MS = 2;
var pause = new Int32Array(new SharedArrayBuffer(4));
function carriesMark(pid, mark, read = (p) => readFileSync2(`/proc/${p}/environ`, "latin1")) {
  for (let reads = 1; ; reads++) {
    let environ;
    try {
      environ = read(pid);
    } catch {
      return false;
    }
    if (environ !== "" || reads === EXEC_READS || groupAndSession(pid) === void 0)
      return environ.split("\0").includes(`${TREE_MARK}=${mark}`);
    Atomics.wait(pause, 0, 0, EXEC_WAIT_MS);
  }
}
function leftBy(leader, mark) {
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const found = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      if (uid !== void 0 && statSync2(`/proc/${entry}`).uid !== uid) continue;
    } catch {
      continue;
    }
    const ids = groupAndSession(pid);
    if (ids === void 0 || ids.session === 0) continue;
    if (ids.pgrp === leader || ids.session === leader || carriesMark(pid, mark)) {
      found.push({ pid, command: commandOf(pid) });
    }
  }
  return found;
}
function isRunning(pid) {
  const fields2 = statFields(pid);
  if (fields2) return fields2[0] !== "Z" && fields2[0] !== "X";
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
function signal(pids, name) {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
    }
  }
}
async function killProcesses(pids, graceMs = 1e3) {
  if (pids.length === 0) return;
  signal(pids, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && pids.some(isRunning)) await sleep(20);
  const rest = pids.filter(isRunning);
  signal(rest, "SIGKILL");
  const hard = Date.now() + 2e3;
  while (Date.now() < hard && rest.some(isRunning)) await sleep(20);
}
var background = [];
function keepInBackground(leader, mark) {
  background.push({ leader, mark });
}
async function stopBackground(graceMs = 1e3) {
  const kept2 = background.splice(0);
  const found = /* @__PURE__ */ new Map();
  for (const { leader, mark } of kept2) for (const p of leftBy(leader, mark)) found.set(p.pid, p);
  await killProcesses([...found.keys()], graceMs);
  return [...found.values()];
}
function killLeftNow(leader, mark) {
  signal(
    leftBy(leader, mark).map((p) => p.pid),
    "SIGKILL"
  );
}
function killBackgroundNow() {
  for (const { leader, mark } of background.splice(0)) killLeftNow(leader, mark);
}

// src/io/tail.ts
var Tail = class {
  text = "";
  limit;
  constructor(limit = 16384) {
    this.limit = limit;
  }
  push(chunk) {
    this.text += chunk;
    if (this.text.length > 2 * this.limit) this.text = this.text.slice(-this.limit);
  }
  toString() {
    return this.text.length > this.limit ? this.text.slice(-this.limit) : this.text;
  }
  lastLines(count4) {
    const lines = this.toString().trimEnd().split("\n");
    return lines.slice(-count4).join("\n");
  }
};

// src/io/proc.ts
var live = /* @__PURE__ */ new Set();
var unstopped = /* @__PURE__ */ new Map();
var exitHooksInstalled = false;
var signalHandler;
function killAllNow() {
  for (const child2 of live) if (child2.pid !== void 0) killTreeNow(child2.pid, "SIGKILL");
  for (const [pid, mark] of unstopped) killLeftNow(pid, mark);
  killBackgroundNow();
}
function installExitHooks() {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on("exit", () => killAllNow());
  for (const signal2 of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal2, () => {
      if (signalHandler) {
        signalHandler(signal2);
        return;
      }
      killAllNow();
      process.exit(128 + (signal2 === "SIGINT" ? 2 : signal2 === "SIGTERM" ? 15 : 1));
    });
  }
}
function liveProcesses() {
  const processes2 = [];
  let entries;
  try {
    entries = readdirSync2("/proc");
  } catch {
    return processes2;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync3(`/proc/${entry}/stat`, "utf8");
      const fields2 = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (fields2[0] === "Z" || fields2[0] === "X") continue;
      processes2.push({
        pid: Number(entry),
        ppid: Number(fields2[1]),
        pgid: Number(fields2[2]),
        comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"))
      });
    } catch {
    }
  }
  return processes2;
}
function processTree(pid, processes2 = liveProcesses()) {
  const known = new Set(processes2.map((p) => p.pid));
  const children = /* @__PURE__ */ new Map();
  for (const { pid: child2, ppid: parent } of processes2) {
    const list3 = children.get(parent) ?? [];
    list3.push(child2);
    children.set(parent, list3);
  }
  const tree = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current !== pid || known.has(pid)) tree.push(current);
    for (const child2 of children.get(current) ?? []) queue.push(child2);
  }
  return tree;
}
var ownUid = typeof process.getuid === "function" ? process.getuid() : void 0;
var procReadable = (() => {
  try {
    readFileSync3("/proc/self/status");
    return true;
  } catch {
    return false;
  }
})();
function ours(pid) {
  if (ownUid === void 0 || !procReadable) return true;
  try {
    const uid2 = /^Uid:\s+(\d+)/m.exec(readFileSync3(`/proc/${pid}/status`, "utf8"))?.[1];
    return uid2 !== void 0 && Number(uid2) === ownUid;
  } catch {
    return false;
  }
}
function killTreeNow(pid, signal2) {
  const processes2 = liveProcesses();
  const tree = processTree(pid, processes2).filter(ours);
  const group = new Map(processes2.map((p) => [p.pid, p.pgid]));
  const groupOurs = processes2.filter((p) => p.pgid === pid).every((p) => ours(p.pid));
  let groupSignalled = false;
  try {
    if (groupOurs) {
      process.kill(-pid, signal2);
      groupSignalled = true;
    }
  } catch {
  }
  for (const member of tree) {
    if (groupSignalled && group.get(member) === pid) continue;
    try {
      process.kill(member, signal2);
    } catch {
    }
  }
  return tree;
}
async function killTree(pid, graceMs = 3e3) {
  const tree = killTreeNow(pid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && tree.some(isRunning)) await sleep2(25);
  const rest = tree.filter(isRunning);
  if (rest.length === 0) return;
  killTreeNow(pid, "SIGKILL");
  for (const member of rest.filter(ours)) {
    try {
      process.kill(member, "SIGKILL");
    } catch {
    }
  }
  const hardDeadline = Date.now() + 2e3;
  while (Date.now() < hardDeadline && rest.some(isRunning)) await sleep2(25);
}
var Child = class {
  pid;
  output = new Tail();
  /** When the process has exited and its output has closed (a background job may hold it open: see ended). */
  exited;
  /** When the process itself has exited, whatever still holds its output open. */
  ended;
  /** Settles when writing to its stdin failed (it closed its end: EPIPE); never otherwise. */
  inputFailed;
  /** The value of TREE_MARK in the environment of its tree. */
  mark = randomUUID();
  exitInfo;
  inputError;
  forwarding = true;
  process;
  constructor(command2, options) {
    installExitHooks();
    const env = { ...scrub(options.env), [TREE_MARK]: this.mark };
    const child2 = options.args === void 0 ? spawn(command2, { cwd: options.cwd, env, shell: true, detached: true, stdio: "pipe" }) : spawn(command2, [...options.args], { cwd: options.cwd, env, detached: true, stdio: "pipe" });
    this.process = child2;
    live.add(child2);
    this.inputFailed = new Promise((resolve9) => {
      child2.stdin?.on("error", (error) => {
        this.inputError = error;
        resolve9(error);
      });
    });
    if (!options.keepStdin) child2.stdin?.end();
    const onData = (data) => {
      const text2 = data.toString("utf8");
      this.output.push(text2);
      if (this.forwarding) options.onOutput?.(text2);
    };
    child2.stdout?.on("data", (data) => {
      onData(data);
      if (this.forwarding) options.onStdout?.(data.toString("utf8"));
    });
    child2.stderr?.on("data", onData);
    this.ended = new Promise((resolve9) => {
      child2.once("exit", (code2, signal2) => resolve9({ code: code2, signal: signal2 }));
      child2.once("error", () => resolve9({ code: 127, signal: null }));
    });
    this.exited = new Promise((resolve9) => {
      child2.once("error", (error) => {
        this.output.push(`
${error.message}
`);
        this.exitInfo = { code: 127, signal: null };
        live.delete(child2);
        resolve9(this.exitInfo);
      });
      child2.once("close", (code2, signal2) => {
        this.exitInfo = { code: code2, signal: signal2 };
        live.delete(child2);
        resolve9(this.exitInfo);
      });
    });
    this.pid = child2.pid ?? -1;
    if (this.pid > 0) unstopped.set(this.pid, this.mark);
  }
  /** Writes to the child's stdin (see keepStdin); false when it can take no more (closed, or a write failed). */
  write(text2) {
    const stdin = this.process.stdin;
    if (!stdin || stdin.destroyed || !stdin.writable || this.inputError) return false;
    stdin.write(text2);
    return true;
  }
  /** What it left running: processes of its session or group, or carrying its mark, other than itself. */
  leftovers() {
    return this.pid > 0 ? leftBy(this.pid, this.mark) : [];
  }
  /**
   * Lets its leftovers run on (they are stopped by stopBackground): its output is no longer passed on (it is still
   * read, so that a writer never blocks) and it no longer counts as a live child.
   */
  release() {
    this.forwarding = false;
    keepInBackground(this.pid, this.mark);
    live.delete(this.process);
    unstopped.delete(this.pid);
  }
  /** undefined while the process runs. */
  get exit() {
    return this.exitInfo;
  }
  /**
   * Kills the whole tree (also after the direct child has exited: its descendants may live on), and what left it
   * (a daemon in a session of its own, found by its mark).
   */
  async stop(graceMs = 3e3) {
    if (this.pid > 0) await killTree(this.pid, graceMs);
    await killProcesses(
      this.leftovers().map((p) => p.pid),
      Math.min(graceMs, 1e3)
    );
    unstopped.delete(this.pid);
    const exit = await Promise.race([this.exited, sleep2(5e3, void 0, { ref: false })]);
    live.delete(this.process);
    return exit ?? { code: null, signal: "SIGKILL" };
  }
};

// src/io/run-command.ts
import { setTimeout as sleep3 } from "node:timers/promises";
var CLOSE_GRACE_MS = 300;
async function runCommand(command2, options) {
  const started = Date.now();
  let stdout = "";
  const child2 = new Child(command2, {
    ...options,
    onStdout: (chunk) => {
      stdout += chunk;
      options.onStdout?.(chunk);
    }
  });
  const cancel = new AbortController();
  const timer = sleep3(options.timeoutMs, "timeout", { signal: cancel.signal, ref: false }).catch(
    () => "cancelled"
  );
  const stopped = new Promise((resolve9) => {
    if (options.signal?.aborted) resolve9("aborted");
    options.signal?.addEventListener("abort", () => resolve9("aborted"), {
      once: true,
      signal: cancel.signal
    });
  });
  const outcome = await Promise.race([child2.ended, timer, stopped]);
  cancel.abort();
  if (outcome === "cancelled")
    throw new Error("unreachable: the timeout was cancelled before the race ended");
  if (outcome === "timeout" || outcome === "aborted") {
    const left2 = child2.leftovers();
    const exit = await child2.stop(1e3);
    const how = outcome === "timeout" ? { timedOut: true } : { timedOut: false, aborted: true };
    return { ...exit, ...how, output: child2.output, stdout, durationMs: Date.now() - started, left: left2 };
  }
  await Promise.race([child2.exited, sleep3(CLOSE_GRACE_MS, void 0, { ref: false })]);
  const result = {
    ...outcome,
    timedOut: false,
    output: child2.output,
    stdout,
    durationMs: Date.now() - started
  };
  const left = child2.leftovers();
  if (options.leftovers === "keep" && left.length > 0) child2.release();
  else await child2.stop(500);
  return { ...result, left };
}

// src/io/git.ts
async function git(cwd, args, timeoutMs = 12e4, env = {}) {
  const result = await runCommand("git", {
    cwd,
    env: safeEnv({ GIT_TERMINAL_PROMPT: "0", ...env }),
    args,
    timeoutMs
  });
  if (result.code !== 0 || result.timedOut) {
    throw new GateError(
      "git",
      `\`git ${args.join(" ")}\` ${result.timedOut ? "timed out" : `failed (exit code ${result.code})`}`,
      {
        output: result.output.lastLines(20)
      }
    );
  }
  return result.stdout.trim();
}
async function gitOk(cwd, args) {
  try {
    return await git(cwd, args);
  } catch {
    return void 0;
  }
}
async function repositoryRoot(cwd) {
  try {
    return await git(cwd, ["rev-parse", "--show-toplevel"]);
  } catch (cause) {
    throw new GateError(
      "git",
      `${cwd} is not inside a git repository: run actions/checkout before perf-gate`,
      { cause }
    );
  }
}
async function headCommit(root) {
  const sha = await git(root, ["rev-parse", "HEAD"]);
  const raw = await git(root, ["cat-file", "-p", sha]);
  const parents = raw.split("\n").filter((line) => line.startsWith("parent ")).map((line) => line.slice("parent ".length));
  const branch = await gitOk(root, ["symbolic-ref", "--short", "-q", "HEAD"]);
  return { sha, parents, label: branch ?? sha.slice(0, 7) };
}
async function ensureCommit(root, ref, input) {
  const local = await gitOk(root, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  if (local) return local;
  const remote = await gitOk(root, ["rev-parse", "--verify", "--quiet", `origin/${ref}^{commit}`]);
  if (remote) return remote;
  const fetched = await gitOk(root, ["fetch", "--no-tags", "--depth=1", "origin", ref]);
  if (fetched !== void 0) {
    const sha = await gitOk(root, ["rev-parse", "--verify", "--quiet", "FETCH_HEAD^{commit}"]);
    if (sha) return sha;
  }
  throw new GateError(
    "git",
    `the base commit \`${ref}\` (${input}) is not in this checkout and could not be fetched from origin. Check the ref, or check out with \`fetch-depth: 0\` in actions/checkout.`
  );
}
function fileAtCommit(root, sha, path) {
  return gitOk(root, ["show", `${sha}:${path}`]);
}
async function blobAtCommit(root, sha, path) {
  const result = await runCommand("git", {
    cwd: root,
    env: safeEnv({ GIT_TERMINAL_PROMPT: "0" }),
    args: ["show", `${sha}:${path}`],
    timeoutMs: 12e4
  });
  return result.code === 0 && !result.timedOut ? result.stdout : void 0;
}
async function addWorktree(root, sha, side2 = "base") {
  const parent = await mkdtemp(join3(process.env.RUNNER_TEMP || tmpdir(), `perf-gate-${side2}-`));
  const dir = join3(parent, "tree");
  await git(root, ["worktree", "add", "--detach", "--force", dir, sha], 3e5);
  return {
    dir,
    async remove() {
      await gitOk(root, ["worktree", "remove", "--force", dir]);
      await rm(parent, { recursive: true, force: true });
      await gitOk(root, ["worktree", "prune"]);
    }
  };
}
var SNAPSHOT_AUTHOR = {
  GIT_AUTHOR_NAME: "perf-gate",
  GIT_AUTHOR_EMAIL: "perf-gate@localhost",
  GIT_COMMITTER_NAME: "perf-gate",
  GIT_COMMITTER_EMAIL: "perf-gate@localhost"
};
async function workTreeCommit(root) {
  const head2 = await git(root, ["rev-parse", "HEAD"]);
  const dir = await mkdtemp(join3(tmpdir(), "perf-gate-index-"));
  const index = { GIT_INDEX_FILE: join3(dir, "index") };
  try {
    await git(root, ["read-tree", head2], 12e4, index);
    await git(root, ["add", "--all", "--", "."], 6e5, index);
    const tree = await git(root, ["write-tree"], 12e4, index);
    const changed2 = (await git(root, ["diff", "--name-only", "--no-renames", head2, tree])).split("\n").filter((line) => line !== "");
    if (changed2.length === 0) return { sha: head2, changed: changed2 };
    const message2 = ["-m", "perf-gate compare: the work tree"];
    const sha = await git(root, ["commit-tree", tree, "-p", head2, ...message2], 12e4, SNAPSHOT_AUTHOR);
    return { sha, changed: changed2 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// src/io/redact.ts
var FIXED_FORM = /^(?:[0-9a-f]{7,64}|\d{4}-\d\d-\d\dT[\d:.]+Z)$/;
var ANYWHERE = 8;
var escaped = (text2) => text2.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
function pattern(secret) {
  const text2 = escaped(secret);
  return secret.length >= ANYWHERE ? new RegExp(text2, "g") : new RegExp(`(?<![\\w])${text2}(?![\\w])`, "gu");
}
function clean(value2, patterns) {
  if (typeof value2 === "string") {
    if (FIXED_FORM.test(value2)) return value2;
    return patterns.reduce((text2, p) => text2.replace(p, "***"), value2);
  }
  if (Array.isArray(value2)) return value2.map((v) => clean(v, patterns));
  if (typeof value2 === "object" && value2 !== null)
    return Object.fromEntries(Object.entries(value2).map(([k, v]) => [k, clean(v, patterns)]));
  return value2;
}
function redact(report, secrets) {
  const hidden = [...new Set(secrets.filter((secret) => secret !== ""))].sort((a, b) => b.length - a.length);
  if (hidden.length === 0) return report;
  const cleaned = clean(report, hidden.map(pattern));
  return JSON.stringify(cleaned) === JSON.stringify(report) ? report : cleaned;
}

// src/io/report-json.ts
import { mkdir, writeFile } from "node:fs/promises";
import { join as join4 } from "node:path";

// src/model/report.ts
var TINY = 1e-9;

// src/io/report-json.ts
function reportPath(outputDir) {
  return join4(outputDir, "report.json");
}
function held(_key, value2) {
  return typeof value2 === "number" && value2 !== 0 && Math.abs(value2) < TINY ? 0 : value2;
}
function reportText(report) {
  return `${JSON.stringify(report, held, 2)}
`;
}
async function writeReport(outputDir, report) {
  await mkdir(outputDir, { recursive: true });
  await writeFile(reportPath(outputDir), reportText(report));
}

// src/load/generator.ts
import { basename as basename2 } from "node:path";
import { fileURLToPath } from "node:url";

// src/io/pinned.ts
import { createHash } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync as readFileSync4, rmSync, writeFileSync } from "node:fs";
import { tmpdir as tmpdir2 } from "node:os";
import { basename, join as join5 } from "node:path";
var dirs = /* @__PURE__ */ new Set();
var removeOnExit = false;
function privateDir() {
  const dir = mkdtempSync(join5(tmpdir2(), "perf-gate-"));
  chmodSync(dir, 448);
  dirs.add(dir);
  if (!removeOnExit) {
    removeOnExit = true;
    process.once("exit", () => {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });
  }
  return dir;
}
function sha256(content) {
  return createHash("sha256").update(content).digest("hex");
}
var PinnedFile = class {
  /** The copy's path. */
  path;
  /** What the file is, for the message when it changed. */
  name;
  digest;
  code;
  /**
   * `source`: a file to copy, or the content itself (a script perf-gate holds in memory). `fileName`: the copy's
   * name (an ES module bundle needs `.mjs` where no package.json says `"type": "module"`). `code`: of the error when
   * the copy changed (never tied to a side: a side's changed copy is no failure of that side's code alone).
   */
  constructor(source2, name, fileName = typeof source2 === "string" ? basename(source2) : "script.cjs", code2 = "load") {
    const content = typeof source2 === "string" ? readFileSync4(source2) : Buffer.from(source2.content);
    this.path = join5(privateDir(), fileName);
    writeFileSync(this.path, content, { mode: 256 });
    this.name = name;
    this.digest = sha256(content);
    this.code = code2;
  }
  /** The copy's path once its content is checked; a GateError when it changed. */
  verified() {
    let content;
    try {
      content = readFileSync4(this.path);
    } catch {
      throw new GateError(this.code, tamperedMessage(this.name));
    }
    if (sha256(content) !== this.digest) throw new GateError(this.code, tamperedMessage(this.name));
    return this.path;
  }
};

// src/load/turns.ts
var PACED_DRAIN_SEC = 2;

// src/load/generator.ts
var script = fileURLToPath(
  new URL(import.meta.url.endsWith(".ts") ? "./loadgen.ts" : "./loadgen.js", import.meta.url)
);
var pinned;
function pinLoadGenerator(source2 = script) {
  if (source2.endsWith(".ts")) return void 0;
  if (pinned !== void 0 && source2 === script) return pinned.path;
  const fileName = source2 === script ? "loadgen.mjs" : basename2(source2);
  pinned = new PinnedFile(source2, "load generator (dist/loadgen.js)", fileName);
  return pinned.path;
}
function loadgenScript() {
  return pinned ? pinned.verified() : script;
}
var COMMAND_MS = 15e3;
var LoadGenerator = class {
  child;
  buffer = "";
  waiting;
  cpus;
  /** The open pools' sides and specs, for the timeouts and for naming a failure's server. */
  pools = /* @__PURE__ */ new Map();
  /** `argv`: the process to run instead of the load generator (tests). */
  constructor(cpus2, argv = [process.execPath, loadgenScript()]) {
    this.cpus = cpus2;
    const [command2, ...args] = cpus2 === void 0 ? argv : ["taskset", "-c", cpus2, ...argv];
    this.child = new Child(command2, {
      cwd: process.cwd(),
      env: safeEnv(),
      args,
      keepStdin: true,
      onStdout: (chunk) => {
        this.buffer += chunk;
        const newline = this.buffer.indexOf("\n");
        if (newline >= 0 && this.waiting) {
          const line = this.buffer.slice(0, newline);
          this.buffer = this.buffer.slice(newline + 1);
          const resolve9 = this.waiting;
          this.waiting = void 0;
          resolve9(line);
        }
      }
    });
  }
  /**
   * Opens a pool: one side × scenario's connections (opened at its first turn, kept until it is closed), or with
   * `engine: autocannon` a fresh autocannon instance per turn.
   */
  async open(id, spec, side2) {
    this.pools.set(id, { spec, side: side2 });
    await this.command({ op: "open", pool: id, spec }, [id], COMMAND_MS);
  }
  /** Runs the turns one after the other, in the order given; each turn's figures, in that order. */
  async turns(turns) {
    let sec = 0;
    for (const turn of turns) {
      const timeoutSec = this.pools.get(turn.pool)?.spec.timeoutSec ?? 10;
      sec += turn.sec + (turn.rate === void 0 ? timeoutSec : Math.min(timeoutSec, PACED_DRAIN_SEC)) + 0.2;
    }
    const ids = [...new Set(turns.map((turn) => turn.pool))];
    const answer = await this.command({ op: "turns", turns: [...turns] }, ids, sec * 1e3 + COMMAND_MS);
    if (!answer.turns) throw this.poolFailed(answer.pool ? [answer.pool] : ids, answer.error ?? "no result");
    return answer.turns;
  }
  /** The recorded turns of a pool since its last take, added up. */
  async take(id) {
    const answer = await this.command({ op: "take", pool: id }, [id], COMMAND_MS);
    if (!answer.measurement) throw this.poolFailed([id], answer.error ?? "no result");
    return answer.measurement;
  }
  /** Closes a pool's connections (all pools' without `id`). */
  async close(id) {
    const ids = id === void 0 ? [...this.pools.keys()] : [id];
    await this.command(id === void 0 ? { op: "close" } : { op: "close", pool: id }, ids, COMMAND_MS);
    for (const closed of ids) this.pools.delete(closed);
  }
  /** Sends a command; an answer that says it failed throws, naming the servers of the pools it concerns. */
  async command(command2, ids, timeoutMs) {
    const known = ids.map((id) => this.pools.get(id)).filter((pool) => pool !== void 0);
    const sides = [...new Set(known.map((pool) => pool.side))];
    const url = known[0]?.spec.url ?? "";
    const answer = await this.request(command2, sides, url, timeoutMs);
    if (answer.error !== void 0) throw this.poolFailed(answer.pool ? [answer.pool] : ids, answer.error);
    return answer;
  }
  poolFailed(ids, why) {
    const known = ids.map((id) => this.pools.get(id)).filter((pool) => pool !== void 0);
    const sides = [...new Set(known.map((pool) => pool.side))];
    return this.failed(sides, known[0]?.spec.url ?? "", why);
  }
  /** `sides`: the side loaded, or both of a pair in turns (the error then belongs to neither). */
  failed(sides, url, why) {
    const servers = sides.length === 1 ? `the ${sides[0]} server at ${url}` : sides.length === 0 ? "its servers" : `the ${sides.join(" and ")} servers`;
    return new GateError("load", `the load generator failed against ${servers} (${why})`, {
      ...sides.length === 1 ? { side: sides[0] } : {},
      output: this.child.output.lastLines(20)
    });
  }
  async request(payload, side2, url, timeoutMs) {
    const line = new Promise((resolve9) => {
      this.waiting = resolve9;
    });
    const stopped = "it stopped reading its input";
    if (!this.child.write(`${JSON.stringify(payload)}
`)) throw this.failed(side2, url, stopped);
    const outcome = await Promise.race([
      line,
      this.child.exited.then((exit) => ({ exit })),
      this.child.inputFailed.then((error) => ({ error })),
      new Promise((resolve9) => setTimeout(() => resolve9("timeout"), timeoutMs).unref())
    ]);
    if (outcome === "timeout") {
      await this.stop();
      throw this.failed(side2, url, "timed out");
    }
    if (typeof outcome !== "string" && "error" in outcome) {
      const code2 = outcome.error.code ?? outcome.error.message;
      throw this.failed(side2, url, `${stopped}: ${code2}`);
    }
    if (typeof outcome !== "string") throw this.failed(side2, url, `exit code ${outcome.exit.code}`);
    return JSON.parse(outcome);
  }
  get cpu() {
    return this.cpus;
  }
  async stop() {
    await this.child.stop(1e3);
  }
};

// src/gate/assemble.ts
import { availableParallelism, cpus, release } from "node:os";

// src/stats/distributions.ts
var EPS = 1e-16;
var TINY2 = 1e-300;
var MAX_ITER = 1e4;
var LN_SQRT_PI = 0.5723649429247001;
function assertNumber(value2, name) {
  if (Number.isNaN(value2)) throw new RangeError(`${name} is NaN`);
}
var LANCZOS = [
  0.9999999999998099,
  676.5203681218851,
  -1259.1392167224028,
  771.3234287776531,
  -176.6150291621406,
  12.507343278686905,
  -0.13857109526572012,
  9984369578019572e-21,
  15056327351493116e-23
];
function lnGamma(x) {
  if (!(x > 0)) throw new RangeError(`lnGamma needs x > 0, got ${x}`);
  if (x === 0.5) return LN_SQRT_PI;
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z2 = x - 1;
  let sum3 = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum3 += LANCZOS[i] / (z2 + i);
  const t = z2 + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z2 + 0.5) * Math.log(t) - t + Math.log(sum3);
}
function stirlingRemainder(x) {
  const x2 = x * x;
  return (1 / 12 - (1 / 360 - (1 / 1260 - 1 / (1680 * x2)) / x2) / x2) / x;
}
function lnBeta(a, b) {
  const big = Math.max(a, b);
  const small = Math.min(a, b);
  if (big < 20) return lnGamma(a) + lnGamma(b) - lnGamma(a + b);
  const sum3 = big + small;
  return lnGamma(small) - (big - 0.5) * Math.log1p(small / big) - small * Math.log(sum3) + small + stirlingRemainder(big) - stirlingRemainder(sum3);
}
function gammaQ(a, x) {
  if (x <= 0) return 1;
  const front = Math.exp(-x + a * Math.log(x) - lnGamma(a));
  if (x < a + 1) {
    let ap = a;
    let term = 1 / a;
    let sum3 = term;
    for (let i = 0; i < MAX_ITER && Math.abs(term) > Math.abs(sum3) * EPS; i++) {
      ap += 1;
      term *= x / ap;
      sum3 += term;
    }
    return 1 - sum3 * front;
  }
  let b = x + 1 - a;
  let c = 1 / TINY2;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY2) d = TINY2;
    c = b + an / c;
    if (Math.abs(c) < TINY2) c = TINY2;
    d = 1 / d;
    const delta2 = d * c;
    h *= delta2;
    if (Math.abs(delta2 - 1) < EPS) break;
  }
  return front * h;
}
function chiSquareSf(x, df) {
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be > 0, got ${df}`);
  if (Number.isNaN(x)) return Number.NaN;
  return Math.max(0, gammaQ(df / 2, x / 2));
}
function erfc(x) {
  return x >= 0 ? gammaQ(0.5, x * x) : 2 - gammaQ(0.5, x * x);
}
function normalCdf(z2) {
  assertNumber(z2, "z");
  if (z2 === Number.NEGATIVE_INFINITY) return 0;
  if (z2 === Number.POSITIVE_INFINITY) return 1;
  return 0.5 * erfc(-z2 / Math.SQRT2);
}
function normalSf(z2) {
  return normalCdf(-z2);
}
var A = [
  -39.69683028665376,
  220.9460984245205,
  -275.9285104469687,
  138.357751867269,
  -30.66479806614716,
  2.506628277459239
];
var B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
var C = [
  -0.007784894002430293,
  -0.3223964580411365,
  -2.400758277161838,
  -2.549732539343734,
  4.374664141464968,
  2.938163982698783
];
var D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
function poly(coefficients, x) {
  let acc = 0;
  for (const c of coefficients) acc = acc * x + c;
  return acc;
}
function normalQuantile(p) {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`normalQuantile needs p in [0, 1], got ${p}`);
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  const pLow = 0.02425;
  let x;
  if (p < pLow) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = poly(C, q) / (poly(D, q) * q + 1);
  } else if (p > 1 - pLow) {
    const q = Math.sqrt(-2 * Math.log1p(-p));
    x = -poly(C, q) / (poly(D, q) * q + 1);
  } else {
    const q = p - 0.5;
    const r = q * q;
    x = poly(A, r) * q / (poly(B, r) * r + 1);
  }
  const e = x <= 0 ? normalCdf(x) - p : 1 - p - normalSf(x);
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp(x * x / 2);
  return Number.isFinite(u) ? x - u / (1 + x * u / 2) : x;
}
function regularizedIncompleteBeta(x, a, b, y = 1 - x) {
  if (!(x >= 0 && x <= 1)) throw new RangeError(`incomplete beta needs x in [0, 1], got ${x}`);
  if (!(a > 0 && b > 0)) throw new RangeError(`incomplete beta needs a, b > 0, got ${a}, ${b}`);
  if (x === 0) return 0;
  if (y === 0) return 1;
  const lnX = x > 0.5 ? Math.log1p(-y) : Math.log(x);
  const lnY = y > 0.5 ? Math.log1p(-x) : Math.log(y);
  const lnFront = a * lnX + b * lnY - lnBeta(a, b);
  if (x < (a + 1) / (a + b + 2)) return Math.exp(lnFront) * betaContinuedFraction(x, a, b) / a;
  return 1 - Math.exp(lnFront) * betaContinuedFraction(y, b, a) / b;
}
function betaContinuedFraction(x, a, b) {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - qab * x / qap;
  if (Math.abs(d) < TINY2) d = TINY2;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_ITER; m++) {
    const m2 = 2 * m;
    let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY2) d = TINY2;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY2) c = TINY2;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY2) d = TINY2;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY2) c = TINY2;
    d = 1 / d;
    const delta2 = d * c;
    h *= delta2;
    if (Math.abs(delta2 - 1) < EPS) break;
  }
  return h;
}
function assertDf(df) {
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be > 0, got ${df}`);
}
function studentTTail(t, df) {
  const abs = Math.abs(t);
  if (abs === Number.POSITIVE_INFINITY) return 0;
  if (df === Number.POSITIVE_INFINITY) return normalSf(abs);
  const t2 = abs * abs;
  return 0.5 * regularizedIncompleteBeta(df / (df + t2), df / 2, 0.5, t2 / (df + t2));
}
function studentTCdf(t, df) {
  assertNumber(t, "t");
  assertDf(df);
  const tail2 = studentTTail(t, df);
  return t < 0 ? tail2 : 1 - tail2;
}
function studentTSf(t, df) {
  return studentTCdf(-t, df);
}
function studentTQuantile(p, df) {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`studentTQuantile needs p in [0, 1], got ${p}`);
  assertDf(df);
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  if (p === 0.5) return 0;
  const target = Math.min(p, 1 - p);
  let lo = 0;
  let hi = 1;
  while (studentTTail(hi, df) > target) {
    lo = hi;
    hi *= 2;
  }
  for (let i = 0; i < 2e3 && hi - lo > 1e-15 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentTTail(mid, df) > target) lo = mid;
    else hi = mid;
  }
  const t = (lo + hi) / 2;
  return p < 0.5 ? -t : t;
}

// src/stats/look-schedule.ts
var LOOK_POINTS = [
  ...[12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32],
  ...[36, 40, 44, 48, 52, 56, 60, 64],
  ...[72, 80, 88, 96, 104, 112, 120, 128],
  ...[144, 160, 176, 192, 208, 224, 240, 256],
  ...[288, 320, 352, 384, 416, 448]
];
var FIRST_FULL_LOOK = LOOK_POINTS[0];
var EARLY_UNITS = 3;
function earlyLookPoints(maxPairs, restartEvery) {
  if (maxPairs < FIRST_FULL_LOOK) return [];
  const perUnit2 = Math.max(1, Math.floor(restartEvery));
  const points = [];
  for (let n = 4; n < FIRST_FULL_LOOK; n += 2) if (Math.floor(n / perUnit2) >= EARLY_UNITS) points.push(n);
  return points;
}
function planLooks(maxPairs) {
  const last = Math.max(2, maxPairs - maxPairs % 2);
  return [...LOOK_POINTS.filter((n) => n < last), last];
}
function confirmationPairs(pairs) {
  const extra = Math.max(4, Math.ceil(pairs / 2));
  return extra + extra % 2;
}

// src/stats/walk.ts
var GRID = 101;
var MID = (GRID - 1) / 2;
var LOWER_GRID = 301;
var REACH = 8;
function simpsonWeights(points, h) {
  const w = new Float64Array(points);
  for (let i = 0; i < points; i++) w[i] = (i === 0 || i === points - 1 ? 1 : i % 2 === 1 ? 4 : 2) * h / 3;
  return w;
}
function startDensity(xs, sigma) {
  return xs.map((x) => Math.exp(-0.5 * (x / sigma) ** 2) / (sigma * Math.sqrt(2 * Math.PI)));
}
var KERNEL_REACH = 9;
function stepDensity(grid, step3, to, even2 = false) {
  const { xs, f, w } = grid;
  const out = new Float64Array(to.length);
  const norm = 1 / (step3 * Math.sqrt(2 * Math.PI));
  const last = even2 ? (to.length - 1) / 2 : to.length - 1;
  const n = xs.length;
  const d = (xs[n - 1] - xs[0]) / (n - 1) / step3;
  const weighted = xs.map((_, i) => w[i] * f[i]);
  for (let j = 0; j <= last; j++) {
    const z0 = (to[j] - xs[0]) / step3;
    out[j] = norm * kernelSum(weighted, z0, d);
    if (even2) out[to.length - 1 - j] = out[j];
  }
  return out;
}
function kernelSum(weighted, z0, d) {
  const n = weighted.length;
  if (!(d > 0 && d < 1)) {
    let sum4 = 0;
    for (let i = 0; i < n; i++) {
      const z3 = z0 - i * d;
      if (z3 > -KERNEL_REACH && z3 < KERNEL_REACH) sum4 += weighted[i] * Math.exp(-0.5 * z3 * z3);
    }
    return sum4;
  }
  const from = Math.max(0, Math.floor((z0 - KERNEL_REACH) / d) + 1);
  const to = Math.min(n - 1, Math.ceil((z0 + KERNEL_REACH) / d) - 1);
  if (from > to) return 0;
  const z2 = z0 - from * d;
  let g2 = Math.exp(-0.5 * z2 * z2);
  let r = Math.exp(z2 * d - 0.5 * d * d);
  const decay = Math.exp(-d * d);
  let sum3 = 0;
  for (let i = from; i <= to; i++) {
    sum3 += weighted[i] * g2;
    g2 *= r;
    r *= decay;
  }
  return sum3;
}
function twoSidedCrossing(looks, bounds) {
  if (bounds.some((b) => !(b > 0))) return 1;
  if (bounds.every((b) => b === Number.POSITIVE_INFINITY)) return 0;
  let sigma = Math.sqrt(looks[0]);
  let total = 2 * normalSf(bounds[0]);
  let half = Math.min(bounds[0], 12) * sigma;
  let h = 2 * half / (GRID - 1);
  let xs = Float64Array.from({ length: GRID }, (_, i) => (i - MID) * h);
  let f = startDensity(xs, sigma);
  for (let k = 1; k < looks.length; k++) {
    const step3 = Math.sqrt(looks[k] - looks[k - 1]);
    const w = simpsonWeights(GRID, h);
    const bound2 = Math.min(bounds[k], 12) * Math.sqrt(looks[k]);
    let cross = 0;
    for (let i = 0; i < GRID; i++)
      cross += w[i] * f[i] * (normalCdf((-bound2 - xs[i]) / step3) + normalSf((bound2 - xs[i]) / step3));
    total += cross;
    if (k === looks.length - 1) break;
    sigma = Math.sqrt(looks[k]);
    half = bound2;
    const nh = 2 * half / (GRID - 1);
    const nxs = Float64Array.from({ length: GRID }, (_, i) => (i - MID) * nh);
    f = stepDensity({ xs, f, w }, step3, nxs, true);
    xs = nxs;
    h = nh;
  }
  return Math.min(1, total);
}
function gridOf(bound2, sigma) {
  const low = -Math.min(bound2, REACH) * sigma;
  const h = (REACH * sigma - low) / (LOWER_GRID - 1);
  return { xs: Float64Array.from({ length: LOWER_GRID }, (_, i) => low + i * h), h };
}
function lowerCrossing(times2, bounds) {
  let sigma = Math.sqrt(times2[0]);
  let total = normalCdf(-bounds[0]);
  let { xs, h } = gridOf(bounds[0], sigma);
  let f = startDensity(xs, sigma);
  for (let k = 1; k < times2.length; k++) {
    const step3 = Math.sqrt(times2[k] - times2[k - 1]);
    const w = simpsonWeights(LOWER_GRID, h);
    const bound2 = Math.min(bounds[k], REACH + 4) * Math.sqrt(times2[k]);
    let cross = 0;
    for (let i = 0; i < LOWER_GRID; i++) cross += w[i] * f[i] * normalCdf((-bound2 - xs[i]) / step3);
    total += cross;
    if (k === times2.length - 1) break;
    sigma = Math.sqrt(times2[k]);
    const next = gridOf(bounds[k], sigma);
    f = stepDensity({ xs, f, w }, step3, next.xs);
    ({ xs, h } = next);
  }
  return Math.min(1, total);
}

// src/stats/sequential-boundary.ts
var EARLY_SHARE = 0.05;
function earlyLooks(looks) {
  const full = looks.slice(0, -1).some((n) => n >= FIRST_FULL_LOOK);
  return looks.map((n) => full && n < FIRST_FULL_LOOK);
}
function isEarlyLook(pairs, looks) {
  const i = looks.indexOf(pairs);
  return i >= 0 && earlyLooks(looks)[i];
}
var LEVEL_GROWTH = 2;
function lookShares(looks) {
  const early = earlyLooks(looks);
  const end = looks.length > 1 ? looks[looks.length - 2] : looks[0];
  return looks.map((n, i) => early[i] ? EARLY_SHARE : Math.min(1, (n / end) ** LEVEL_GROWTH));
}
function shareAt(looks, pairs) {
  const i = pairs === void 0 ? -1 : looks.findIndex((n) => n >= pairs);
  return i < 0 ? 1 : lookShares(looks)[i];
}
function boundsAt(shares2, b) {
  return shares2.map(
    (share3) => share3 === 1 || b === Number.POSITIVE_INFINITY ? b : -normalQuantile(Math.min(0.5, share3 * normalSf(b)))
  );
}
function signedRankCovariance(j, k) {
  return j * ((j + 1) * (2 * j + 1) / 6 + (k - j) * (0.5 + (j - 1) / 3));
}
function informationTimes(looks) {
  const times2 = [looks[0]];
  for (let k = 1; k < looks.length; k++) {
    const j = looks[k - 1];
    const n = looks[k];
    const r2 = signedRankCovariance(j, n) ** 2 / (signedRankCovariance(j, j) * signedRankCovariance(n, n));
    times2.push(times2[k - 1] / r2);
  }
  return times2;
}
function scheduleProblem(looks) {
  if (looks.length === 0) return "needs at least one look";
  for (let i = 0; i < looks.length; i++) {
    const n = looks[i];
    if (!Number.isFinite(n) || n <= 0) return `has look ${i + 1} at ${n} pairs; looks need n > 0`;
    if (i > 0 && n <= looks[i - 1]) return `must be increasing: ${looks.join(", ")}`;
  }
  return void 0;
}
function assertSchedule(looks) {
  const problem = scheduleProblem(looks);
  if (problem !== void 0) throw new RangeError(`a look schedule ${problem}`);
}
function unitCrossing(units2, bounds) {
  assertSchedule(units2);
  return twoSidedCrossing(units2, bounds);
}
var B_STEP = 0.01;
var scheduleCache = /* @__PURE__ */ new Map();
function scheduleOf(looks) {
  const key = looks.join(",");
  let cache = scheduleCache.get(key);
  if (!cache) {
    const shares2 = lookShares(looks);
    const union = shares2.reduce((sum3, share3) => sum3 + share3, 0);
    cache = { times: informationTimes(looks), shares: shares2, union, nodes: /* @__PURE__ */ new Map() };
    scheduleCache.set(key, cache);
  }
  return cache;
}
function lnCrossingAt(cache, i) {
  let ln = cache.nodes.get(i);
  if (ln === void 0) {
    ln = Math.log(twoSidedCrossing(cache.times, boundsAt(cache.shares, i * B_STEP)));
    cache.nodes.set(i, ln);
  }
  return ln;
}
function sequentialP(p, looks, at) {
  assertSchedule(looks);
  if (!(p > 0)) return 0;
  if (p >= 1) return 1;
  if (looks.length === 1) return p;
  const cache = scheduleOf(looks);
  const full = p / shareAt(looks, at);
  if (full >= 1) return 1;
  const b = -normalQuantile(full / 2);
  const i = Math.floor(b / B_STEP);
  const w = b / B_STEP - i;
  const [low, high] = [lnCrossingAt(cache, i), lnCrossingAt(cache, i + 1)];
  const chance = Number.isFinite(high) ? Math.exp((1 - w) * low + w * high) : 0;
  return Math.max(p, Math.min(1, cache.union * full, chance));
}
var levelCache = /* @__PURE__ */ new Map();
function perLookLevel(alpha, looks) {
  assertSchedule(looks);
  if (!(alpha > 0)) return 0;
  if (alpha >= 1 || looks.length === 1) return Math.min(1, alpha);
  const key = `${alpha}|${looks.join(",")}`;
  const cached = levelCache.get(key);
  if (cached !== void 0) return cached;
  const { times: times2, shares: shares2 } = scheduleOf(looks);
  let low = -normalQuantile(alpha / 2);
  let high = -normalQuantile(alpha / (2 * looks.length));
  const exceeds = crossesAbove(times2, shares2, alpha, low, high);
  for (let i = 0; i < 40; i++) {
    const mid = (low + high) / 2;
    if (exceeds(mid)) low = mid;
    else high = mid;
  }
  const level = Math.min(alpha, 2 * normalSf(high));
  levelCache.set(key, level);
  return level;
}
var MARGIN = 1e-12;
var STEP = 2e-12;
function crossesAbove(times2, shares2, alpha, low, high) {
  const chance = (b) => twoSidedCrossing(times2, boundsAt(shares2, b));
  let [above, below] = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
  const learn = (b) => {
    const c = chance(b);
    if (c > alpha * (1 + MARGIN)) above = Math.max(above, b);
    if (c < alpha * (1 - MARGIN)) below = Math.min(below, b);
    return Math.log(c / alpha);
  };
  let x0 = (low + high) / 2;
  let f0 = learn(x0);
  let x1 = f0 > 0 ? (x0 + high) / 2 : (low + x0) / 2;
  let f1 = learn(x1);
  for (let i = 0; i < 8 && Number.isFinite(f0 - f1) && f0 !== f1 && Math.abs(x1 - x0) > STEP; i++) {
    const x2 = x1 - f1 * (x1 - x0) / (f1 - f0);
    if (!(x2 > low && x2 < high)) break;
    [x0, f0, x1, f1] = [x1, f1, x2, learn(x2)];
  }
  if (above < x1 - STEP) learn(x1 - STEP);
  if (below > x1 + STEP) learn(x1 + STEP);
  return (b) => b <= above || b < below && chance(b) > alpha;
}
function lookLevel(alpha, looks, pairs) {
  return shareAt(looks, pairs) * perLookLevel(alpha, looks);
}

// src/model/decision.ts
var VERDICTS = ["regression", "improvement", "no-change", "inconclusive"];

// src/model/measure.ts
var METRICS = ["rps", "cpu", "p50", "p99", "p99open", "alloc", "gc"];

// src/config/schema-parts.ts
var MAX_SCENARIOS = 1e3;
var MAX_ROUNDS = 2e5;
var MAX_PAIRS = 1e4;
var MAX_SECONDS = 30 * 86400;
var MAX_RPS = 1e9;
var MAX_MS = 1e9;
var MAX_ROUND_SEC = 7 * 86400;
var MAX_COUNT = 1e12;
var MAX_ROUND_COUNT = 1e10;
var MAX_CORES = 4096;
var SHA = "^[0-9a-f]{40}(?:[0-9a-f]{24})?$";
var PATH = "^/\\S*$";
var NODE_VERSION = "^v?\\d+\\.\\d+\\.\\d+[0-9A-Za-z.+-]*$";
var PLATFORM = "^[0-9A-Za-z_.-]+$";
var TIMESTAMP = "^[0-9T:.Z+-]+$";
function object(required, optional = {}) {
  return {
    type: "object",
    properties: { ...required, ...optional },
    required: Object.keys(required),
    additionalProperties: false
  };
}
var str = (maxLength, pattern2) => pattern2 === void 0 ? { type: "string", maxLength } : { type: "string", maxLength, pattern: pattern2 };
var int = (minimum, maximum) => ({ type: "integer", minimum, maximum });
var count = (maximum) => int(0, maximum);
var list2 = (items, maxItems) => ({ type: "array", items, maxItems });
var oneOf = (values2) => ({ type: "string", enum: [...values2] });
var bool = { type: "boolean" };
var quantity = (maximum) => ({
  type: "number",
  minimum: 0,
  maximum,
  not: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: TINY }
});
var range = (minimum, maximum) => ({ type: "number", minimum, maximum });
var share = quantity(1);
var signed = (maximum) => ({
  type: "number",
  minimum: -maximum,
  maximum,
  not: { type: "number", exclusiveMinimum: -TINY, exclusiveMaximum: TINY, not: { const: 0 } }
});

// src/config/report-notes-schema.ts
var kind = (name) => ({ const: name });
var side = oneOf(["base", "head"]);
var step = oneOf(["install", "build", "setup", "teardown"]);
var commands = list2(str(1e3), 1e3);
var message = str(1e4);
var source = str(200, "^[\\w./\u2026-]*$");
var futility = object({
  scenario: str(200),
  metric: oneOf(METRICS),
  threshold: range(1e-5, 100),
  noise: quantity(100),
  pairs: count(MAX_PAIRS),
  budgetPairs: count(MAX_COUNT),
  neededPairs: count(MAX_COUNT)
});
var check = object(
  {
    comparisons: int(1, 1e6),
    level: share,
    looks: list2(int(1, 1e6), 1e3),
    unit: oneOf(["pairs", "blocks"]),
    pairs: count(MAX_COUNT),
    units: count(MAX_COUNT),
    method: oneOf(["signed-rank", "t"]),
    noise: quantity(100),
    threshold: range(1e-5, 100),
    canDecide: bool,
    resolves: bool
  },
  {
    detectable: quantity(100),
    advice: object(
      { scenariosPerGate: count(1e6) },
      {
        budgetSec: quantity(64 * MAX_SECONDS),
        restartEvery: object({ value: count(1e3), budgetSec: quantity(64 * MAX_SECONDS) })
      }
    )
  }
);
var KINDS = {
  "time-limit": { pairs: count(MAX_PAIRS) },
  settled: {
    scenario: str(200),
    verdict: oneOf(VERDICTS),
    pairs: count(MAX_PAIRS)
  },
  noise: { futility, pairSec: quantity(MAX_SECONDS), budgetSec: quantity(MAX_SECONDS) },
  "busy-machine": {
    kept: count(MAX_PAIRS),
    pairs: count(MAX_PAIRS),
    worst: object({ cause: oneOf(["foreign", "stolen"]), cores: quantity(4096) }),
    measuredAgain: count(MAX_PAIRS)
  },
  "slow-startup": {
    startupSec: quantity(MAX_SECONDS),
    pairSec: quantity(MAX_SECONDS),
    restartEvery: count(1e3)
  },
  "port-not-moved": { port: int(1, 65535) },
  plan: { check, restartEvery: count(1e3), scenarios: count(1e6) },
  "loadgen-busy": { loadgenCpu: quantity(4096) },
  "generator-paced": { scenarios: list2(str(200), 1e3), all: bool },
  "teardown-failed": { message },
  "config-changed": { file: str(1e3) },
  "head-start-on-base": {},
  "workflow-changed": { file: str(1e3) },
  "leftovers-stopped": { step, side, commands },
  "background-stopped": { commands },
  "no-room-for-profiles": {},
  "no-flame-graphs": { message },
  "duplicate-shard": { source, twin: source },
  "shard-counts-differ": {},
  "shard-settings-differ": {},
  "shard-environments-differ": {},
  "diagnostics-per-shard": {},
  "replicas-missing": { found: count(256), count: count(256) }
};
var jobs = { jobs: oneOf(["shards", "runners"]) };
var OPTIONAL = {
  plan: { startSec: quantity(MAX_SECONDS) },
  "duplicate-shard": jobs,
  "shard-settings-differ": jobs,
  "shard-environments-differ": jobs,
  "diagnostics-per-shard": jobs,
  "of-shard": jobs
};
var single = (name, fields2) => object({ kind: kind(name), ...fields2 }, OPTIONAL[name]);
var NOTE_SCHEMA = {
  type: "object",
  properties: { kind: { type: "string" } },
  required: ["kind"],
  discriminator: { propertyName: "kind" },
  oneOf: [
    ...Object.entries(KINDS).map(([name, fields2]) => single(name, fields2)),
    single("of-shard", {
      source,
      note: {
        type: "object",
        properties: { kind: { type: "string" } },
        required: ["kind"],
        discriminator: { propertyName: "kind" },
        oneOf: Object.entries(KINDS).map(([name, fields2]) => single(name, fields2))
      }
    })
  ]
};

// src/config/report-profile-schema.ts
var place = { fn: str(500), file: str(1e3), line: count(1e9) };
var unit = oneOf(["function", "file", "package"]);
var caller = object({ ...place, package: str(300) });
var hotFunction = {
  ...object(
    { ...place, baseSelf: share, headSelf: share },
    {
      unit,
      baseUsPerRequest: quantity(1e9),
      headUsPerRequest: quantity(1e9),
      caller
    }
  ),
  dependencies: { baseUsPerRequest: ["headUsPerRequest"], headUsPerRequest: ["baseUsPerRequest"] }
};
var allocationSite = object(
  {
    ...place,
    unit,
    baseBytes: quantity(MAX_COUNT),
    headBytes: quantity(MAX_COUNT)
  },
  {
    version: str(100),
    caller
  }
);
var allocationSide = object({
  bytes: quantity(MAX_COUNT),
  samples: count(MAX_COUNT),
  requests: count(MAX_COUNT)
});
var allocationUnit = object(
  {
    level: unit,
    name: str(500),
    file: str(1e3),
    line: count(1e9),
    package: str(300),
    pseudo: bool,
    baseBytes: quantity(MAX_COUNT),
    headBytes: quantity(MAX_COUNT),
    deltaBytes: range(-MAX_COUNT, MAX_COUNT),
    evident: bool
  },
  { p: share }
);
var allocation = object({
  more: list2(allocationSite, 20),
  evidence: object({
    pairs: count(MAX_PAIRS),
    windowSec: quantity(MAX_SECONDS),
    level: share,
    tested: count(MAX_COUNT),
    explain: bool,
    base: allocationSide,
    head: allocationSide,
    functions: list2(allocationUnit, 50),
    named: list2(allocationUnit, 50)
  })
});
var PROFILE_SCHEMA = object(
  { hotter: list2(hotFunction, 20), seconds: quantity(MAX_SECONDS) },
  { cpu: bool, allocation, kept: allocation }
);

// src/config/report-schema.ts
var latency = object({
  p50: quantity(MAX_MS),
  p90: quantity(MAX_MS),
  p99: quantity(MAX_MS),
  max: quantity(MAX_MS),
  mean: quantity(MAX_MS)
});
var measurement = object(
  {
    responses: count(MAX_ROUND_COUNT),
    elapsedSec: quantity(MAX_ROUND_SEC),
    rps: quantity(MAX_RPS),
    latencyMs: latency,
    bytesPerSec: quantity(1e13),
    errors: count(MAX_ROUND_COUNT),
    timeouts: count(MAX_ROUND_COUNT),
    non2xx: count(MAX_ROUND_COUNT),
    statusCodes: {
      type: "object",
      propertyNames: { pattern: "^\\d{3}$" },
      additionalProperties: count(MAX_ROUND_COUNT),
      maxProperties: 100
    },
    loadgenCpu: quantity(MAX_CORES)
  },
  {
    slices: count(1e6),
    rpsMedianBins: quantity(MAX_RPS),
    serverCpu: quantity(MAX_CORES),
    // CPU seconds of the side's server in its windows: every core of the biggest machine, all round long.
    serverCpuSec: quantity(MAX_CORES * MAX_ROUND_SEC),
    serviceCpu: quantity(MAX_CORES),
    foreignCpu: quantity(MAX_CORES),
    stealCpu: quantity(MAX_CORES),
    // The server's V8 heap in the round's window (src/diagnostics/heap-source.ts): bytes, ms and requests.
    memory: object(
      {
        requests: count(MAX_ROUND_COUNT),
        allocatedBytes: quantity(1e18),
        exact: bool,
        gcMs: quantity(MAX_CORES * MAX_ROUND_SEC * 1e3),
        rssBytes: quantity(1e15),
        served: count(1e15)
      },
      { retainedBytes: quantity(1e15) }
    ),
    paced: object({
      rate: quantity(MAX_RPS),
      sent: count(MAX_ROUND_COUNT),
      responses: count(MAX_ROUND_COUNT),
      failures: count(MAX_ROUND_COUNT),
      latencyMs: latency,
      sendLagP99Ms: quantity(MAX_MS)
    })
  }
);
var sideDiagnostics = object(
  {
    windows: count(MAX_COUNT),
    processes: count(MAX_COUNT),
    cpuCores: quantity(MAX_CORES),
    peakRssMb: quantity(1e9),
    peakHeapMb: quantity(1e9),
    leak: bool
  },
  {
    eventLoopDelayMs: object({ p50: quantity(MAX_MS), p99: quantity(MAX_MS), max: quantity(MAX_MS) }),
    eventLoopUtilization: share,
    rssTrendMbPerRound: signed(1e9),
    rssTrend: object({
      mode: oneOf(["across-rounds", "within-rounds"]),
      slopeMb: signed(1e9),
      unit: oneOf(["round", "second"]),
      points: count(MAX_COUNT),
      growing: count(MAX_COUNT),
      of: count(MAX_COUNT)
    })
  }
);
var pairedTest = object({
  units: count(1e9),
  unit: oneOf(["pair", "process pair"]),
  medianDifference: signed(1e9),
  pHeadHigher: share,
  pBaseHigher: share,
  level: share
});
var diagnostics = object(
  {
    comparison: object(
      {},
      {
        eventLoopP99Ratio: quantity(MAX_COUNT),
        eventLoop: oneOf(["blocked-on-head", "unblocked-on-head", "blocked-on-both", "similar"]),
        leak: oneOf(["head", "base", "both", "none"]),
        eventLoopTest: pairedTest,
        memoryTest: pairedTest
      }
    ),
    blockedMs: quantity(MAX_COUNT)
  },
  { base: sideDiagnostics, head: sideDiagnostics }
);
var commit = object({ sha: str(64, SHA), label: str(256) });
var scenarioName = str(200);
var settings = object(
  {
    scenarios: list2(
      object(
        { name: scenarioName, method: oneOf(HTTP_METHODS), path: str(2048, PATH) },
        { expectStatus: int(100, 599), connections: int(1, 1e6), threshold: range(1e-5, 1) }
      ),
      MAX_SCENARIOS
    ),
    budgetSec: quantity(MAX_SECONDS),
    durationSec: quantity(86400),
    warmupSec: quantity(86400),
    connections: int(1, 1e6),
    threshold: range(1e-5, 1),
    alpha: range(1e-12, 0.5)
  },
  {
    pairs: int(1, 1e5),
    sliceSec: quantity(86400),
    latencyThreshold: range(1e-5, 100),
    memoryThreshold: range(1e-5, 100),
    port: int(1, 65535),
    failOnRegression: bool,
    restartEvery: count(1e5)
  }
);
var ERROR_CODES = [
  "config",
  "git",
  "install",
  "build",
  "setup",
  "teardown",
  "server-start",
  "server-crash",
  "server-errors",
  "load",
  "timeout",
  "internal",
  "cancelled"
];
var REPORT_SCHEMA = object(
  {
    tool: { const: "perf-gate" },
    version: { const: 3 },
    base: commit,
    head: commit,
    settings,
    rounds: list2(
      object({
        pair: count(MAX_PAIRS - 1),
        position: int(0, 1),
        side: oneOf(["base", "head"]),
        scenario: scenarioName,
        measurement,
        startedAt: str(64, TIMESTAMP)
      }),
      MAX_ROUNDS
    ),
    timing: object({
      startedAt: str(64, TIMESTAMP),
      wallSec: quantity(MAX_SECONDS),
      prepareSec: quantity(MAX_SECONDS),
      measureSec: quantity(MAX_SECONDS)
    }),
    environment: object(
      { node: str(64, NODE_VERSION), cpus: count(1e5), platform: str(64, PLATFORM) },
      // Where it ran, as os.cpus(), os.release() and RUNNER_NAME say: untrusted text, escaped where shown.
      { cpuModel: str(200), kernel: str(200), runner: str(200) }
    )
  },
  {
    sequential: object(
      {
        pairs: count(1e6),
        looked: list2(count(1e6), 1e3),
        schedule: list2(int(1, 1e6), 1e3),
        stoppedBy: oneOf(["resolved", "budget", "fixed", "deadline", "no-scenarios", "noise"]),
        confirmationPairs: count(1e6),
        disturbedPairs: count(1e6)
      },
      { keptDisturbedPairs: count(1e6) }
    ),
    newScenarios: list2(scenarioName, MAX_SCENARIOS),
    shard: object({ index: int(0, 256), count: int(1, 256) }),
    replica: object({ index: int(1, 256), count: int(1, 256) }, { stage: int(1, 2) }),
    scenarioCount: count(MAX_SCENARIOS),
    error: object(
      { code: oneOf(ERROR_CODES), message: str(1e4), neutral: bool },
      { side: oneOf(["base", "head"]), output: str(65536) }
    ),
    notes: list2(NOTE_SCHEMA, 100),
    profile: PROFILE_SCHEMA,
    changedFiles: list2(str(1e3), 1e4),
    diagnostics,
    pullRequest: object({ number: int(1, 1e9), headSha: str(64, SHA), baseSha: str(64, SHA) }),
    run: object({ id: str(20, "^[0-9]+$"), attempt: int(1, 1e6) })
  }
);

// src/config/report-file.ts
var REPORT_FILE_MAX_BYTES = 32 * 1024 * 1024;
function scenarioSettings(s, inputs) {
  const { name, method, path, expectStatus } = s;
  return {
    name,
    method,
    path,
    expectStatus,
    connections: s.connections ?? inputs.connections,
    threshold: s.threshold ?? inputs.threshold
  };
}

// src/decide/final.ts
function finalVerdict(decision, error) {
  const decided3 = decision?.verdict ?? "inconclusive";
  return error && decided3 !== "regression" ? "inconclusive" : decided3;
}

// src/decide/pace.ts
var LOADGEN_BUSY = 0.9;
function serverCores(m) {
  return m.serverCpuSec !== void 0 && m.serverCpuSec > 0 && m.elapsedSec > 0 ? m.serverCpuSec / m.elapsedSec : Number.NaN;
}
function generatorPaced(first) {
  const sides = [first.base.measurement, first.head.measurement];
  const server = sides.map(serverCores);
  if (!server.every(Number.isFinite)) return false;
  const generator = (sides[0].loadgenCpu + sides[1].loadgenCpu) / 2;
  return generator >= LOADGEN_BUSY || generator >= (server[0] + server[1]) / 2;
}

// node_modules/simple-statistics/dist/simple-statistics.mjs
function sum(x) {
  if (x.length === 0) {
    return 0;
  }
  var sum3 = x[0];
  var correction = 0;
  var transition;
  if (typeof sum3 !== "number") {
    return Number.NaN;
  }
  for (var i = 1; i < x.length; i++) {
    if (typeof x[i] !== "number") {
      return Number.NaN;
    }
    transition = sum3 + x[i];
    if (Math.abs(sum3) >= Math.abs(x[i])) {
      correction += sum3 - transition + x[i];
    } else {
      correction += x[i] - transition + sum3;
    }
    sum3 = transition;
  }
  return sum3 + correction;
}
function mean(x) {
  if (x.length === 0) {
    throw new Error("mean requires at least one data point");
  }
  return sum(x) / x.length;
}
function sumNthPowerDeviations(x, n) {
  var meanValue = mean(x);
  var sum3 = 0;
  var tempValue;
  var i;
  if (n === 2) {
    for (i = 0; i < x.length; i++) {
      tempValue = x[i] - meanValue;
      sum3 += tempValue * tempValue;
    }
  } else {
    for (i = 0; i < x.length; i++) {
      sum3 += Math.pow(x[i] - meanValue, n);
    }
  }
  return sum3;
}
function sampleVariance(x) {
  if (x.length < 2) {
    throw new Error("sampleVariance requires at least two data points");
  }
  var sumSquaredDeviationsValue = sumNthPowerDeviations(x, 2);
  var besselsCorrection = x.length - 1;
  return sumSquaredDeviationsValue / besselsCorrection;
}
function sampleStandardDeviation(x) {
  var sampleVarianceX = sampleVariance(x);
  return Math.sqrt(sampleVarianceX);
}
function quantileSorted(x, p) {
  var idx = (x.length - 1) * p;
  if (x.length === 0) {
    throw new Error("quantile requires at least one data point.");
  } else if (p < 0 || p > 1) {
    throw new Error("quantiles must be between 0 and 1");
  } else if (p === 1) {
    return x[x.length - 1];
  } else if (p === 0) {
    return x[0];
  } else if (idx % 1 !== 0) {
    var lower = Math.floor(idx);
    var upper = Math.ceil(idx);
    var fraction = idx - lower;
    return x[lower] + fraction * (x[upper] - x[lower]);
  } else {
    return x[idx];
  }
}
function quickselect(arr, k, left, right) {
  left = left || 0;
  right = right || arr.length - 1;
  while (right > left) {
    if (right - left > 600) {
      var n = right - left + 1;
      var m = k - left + 1;
      var z2 = Math.log(n);
      var s = 0.5 * Math.exp(2 * z2 / 3);
      var sd2 = 0.5 * Math.sqrt(z2 * s * (n - s) / n);
      if (m - n / 2 < 0) {
        sd2 *= -1;
      }
      var newLeft = Math.max(left, Math.floor(k - m * s / n + sd2));
      var newRight = Math.min(
        right,
        Math.floor(k + (n - m) * s / n + sd2)
      );
      quickselect(arr, k, newLeft, newRight);
    }
    var t = arr[k];
    var i = left;
    var j = right;
    swap(arr, left, k);
    if (arr[right] > t) {
      swap(arr, left, right);
    }
    while (i < j) {
      swap(arr, i, j);
      i++;
      j--;
      while (arr[i] < t) {
        i++;
      }
      while (arr[j] > t) {
        j--;
      }
    }
    if (arr[left] === t) {
      swap(arr, left, j);
    } else {
      j++;
      swap(arr, j, right);
    }
    if (j <= k) {
      left = j + 1;
    }
    if (k <= j) {
      right = j - 1;
    }
  }
}
function swap(arr, i, j) {
  var tmp = arr[i];
  arr[i] = arr[j];
  arr[j] = tmp;
}
function quantile(x, p) {
  var copy = x.slice();
  if (Array.isArray(p)) {
    multiQuantileSelect(copy, p);
    var results = [];
    for (var i = 0; i < p.length; i++) {
      results[i] = quantileSorted(copy, p[i]);
    }
    return results;
  } else {
    var idx = quantileIndex(copy.length, p);
    quantileSelect(copy, idx, 0, copy.length - 1);
    return quantileSorted(copy, p);
  }
}
function quantileSelect(arr, k, left, right) {
  if (k % 1 === 0) {
    quickselect(arr, k, left, right);
  } else {
    k = Math.floor(k);
    quickselect(arr, k, left, right);
    quickselect(arr, k + 1, k + 1, right);
  }
}
function multiQuantileSelect(arr, p) {
  var positions = /* @__PURE__ */ new Set();
  for (var i = 0; i < p.length; i++) {
    var idx = quantileIndex(arr.length, p[i]);
    positions.add(Math.floor(idx));
    positions.add(Math.ceil(idx));
  }
  var indices = Array.from(positions).sort(compare);
  multiselect(arr, indices, 0, indices.length - 1, 0, arr.length - 1);
}
function multiselect(arr, indices, lo, hi, left, right) {
  if (lo > hi) {
    return;
  }
  var mid = lo + hi >> 1;
  quickselect(arr, indices[mid], left, right);
  multiselect(arr, indices, lo, mid - 1, left, indices[mid] - 1);
  multiselect(arr, indices, mid + 1, hi, indices[mid] + 1, right);
}
function compare(a, b) {
  return a - b;
}
function quantileIndex(len, p) {
  var idx = (len - 1) * p;
  if (p === 1) {
    return len - 1;
  } else if (p === 0) {
    return 0;
  } else if (idx % 1 !== 0) {
    return idx;
  } else {
    return idx;
  }
}
function median(x) {
  return +quantile(x, 0.5);
}
var BayesianClassifier = function BayesianClassifier2() {
  this.totalCount = 0;
  this.data = {};
};
BayesianClassifier.prototype.train = function train(item, category) {
  if (!this.data[category]) {
    this.data[category] = {};
  }
  for (var k in item) {
    var v = item[k];
    if (this.data[category][k] === void 0) {
      this.data[category][k] = {};
    }
    if (this.data[category][k][v] === void 0) {
      this.data[category][k][v] = 0;
    }
    this.data[category][k][v]++;
  }
  this.totalCount++;
};
BayesianClassifier.prototype.score = function score(item) {
  var odds = {};
  var category;
  for (var k in item) {
    var v = item[k];
    for (category in this.data) {
      if (odds[category] === void 0) {
        odds[category] = {};
      }
      if (this.data[category][k]) {
        odds[category][k + "_" + v] = (this.data[category][k][v] || 0) / this.totalCount;
      } else {
        odds[category][k + "_" + v] = 0;
      }
    }
  }
  var oddsSums = {};
  for (category in odds) {
    oddsSums[category] = 0;
    for (var combination in odds[category]) {
      oddsSums[category] += odds[category][combination];
    }
  }
  return oddsSums;
};
var g = 607 / 128;
var LOGSQRT2PI = Math.log(Math.sqrt(2 * Math.PI));
var SQRT_2PI$1 = Math.sqrt(2 * Math.PI);
function cumulativeDistribution(z2) {
  var sum3 = z2;
  var tmp = z2;
  for (var i = 1; i < 30; i++) {
    tmp *= z2 * z2 / (2 * i + 1);
    sum3 += tmp;
  }
  return Math.round((0.5 + sum3 / SQRT_2PI$1 * Math.exp(-z2 * z2 / 2)) * 1e4) / 1e4;
}
var standardNormalTable = [];
for (z = 0; z <= 3.09; z += 0.01) {
  standardNormalTable.push(cumulativeDistribution(z));
}
var z;
var SQRT_2PI = Math.sqrt(2 * Math.PI);
var PerceptronModel = function PerceptronModel2() {
  this.weights = [];
  this.bias = 0;
};
PerceptronModel.prototype.predict = function predict(features) {
  if (features.length !== this.weights.length) {
    return null;
  }
  var score2 = 0;
  for (var i = 0; i < this.weights.length; i++) {
    score2 += this.weights[i] * features[i];
  }
  score2 += this.bias;
  if (score2 > 0) {
    return 1;
  } else {
    return 0;
  }
};
PerceptronModel.prototype.train = function train2(features, label) {
  if (label !== 0 && label !== 1) {
    return null;
  }
  if (features.length !== this.weights.length) {
    this.weights = features.slice();
    this.bias = 1;
  }
  var prediction = this.predict(features);
  if (typeof prediction === "number" && prediction !== label) {
    var gradient = label - prediction;
    for (var i = 0; i < this.weights.length; i++) {
      this.weights[i] += gradient * features[i];
    }
    this.bias += gradient;
  }
  return this;
};

// src/stats/describe.ts
function assertFinite(values2, name = "values") {
  for (let i = 0; i < values2.length; i++) {
    const v = values2[i];
    if (!Number.isFinite(v)) throw new RangeError(`${name}[${i}] is ${v}; statistics need finite numbers`);
  }
}
function assertNonEmpty(values2, name) {
  if (values2.length === 0) throw new RangeError(`${name} is empty`);
}
function sortedCopy(values2) {
  const sorted = Float64Array.from(values2).sort();
  let z2 = sorted.indexOf(0);
  if (z2 >= 0) {
    for (let i = 0; i < values2.length; i++) if (values2[i] === 0) sorted[z2++] = values2[i];
  }
  return Array.from(sorted);
}
function mean2(values2) {
  assertFinite(values2);
  assertNonEmpty(values2, "values");
  return mean([...values2]);
}
function sd(values2) {
  if (values2.length < 2) throw new RangeError(`sd needs at least 2 values, got ${values2.length}`);
  assertFinite(values2);
  return sampleStandardDeviation([...values2]);
}
function median2(values2) {
  assertFinite(values2);
  assertNonEmpty(values2, "values");
  return median([...values2]);
}
function averageRanks(values2) {
  const order = values2.map((_, i) => i).sort((a, b) => values2[a] - values2[b]);
  const ranks = new Array(values2.length).fill(0);
  const tieSizes = [];
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    while (end < order.length && values2[order[end]] === values2[order[start]]) end++;
    const rank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) ranks[order[k]] = rank;
    if (end - start > 1) tieSizes.push(end - start);
    start = end;
  }
  return { ranks, tieSizes };
}
function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = state + 1831565813 >>> 0;
    let t = state;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}

// src/stats/wilcoxon.ts
var SIGNED_RANK_EXACT_MAX_N = 50;
var distributionCache = /* @__PURE__ */ new Map();
function signedRankDistribution(n) {
  if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`n must be a non-negative integer, got ${n}`);
  const cached = distributionCache.get(n);
  if (cached) return cached;
  const max = n * (n + 1) / 2;
  const counts = new Array(max + 1).fill(0);
  counts[0] = 1;
  for (let k = 1; k <= n; k++) {
    for (let s = k * (k + 1) / 2; s >= k; s--) counts[s] += counts[s - k];
  }
  Object.freeze(counts);
  distributionCache.set(n, counts);
  return counts;
}
function walshAverages(d) {
  assertFinite(d, "d");
  const out = new Float64Array(d.length * (d.length + 1) / 2);
  let at = 0;
  for (let i = 0; i < d.length; i++) for (let j = i; j < d.length; j++) out[at++] = (d[i] + d[j]) / 2;
  return sortedCopy(out);
}
function hodgesLehmann1(d) {
  if (d.length === 0) throw new RangeError("d is empty");
  return median2(walshAverages(d));
}
function signedRankExactP(d, alternative) {
  assertFinite(d, "d");
  const nonZero = d.filter((v) => v !== 0);
  if (nonZero.length === 0) return 1;
  const { ranks } = averageRanks(nonZero.map(Math.abs));
  const halves = ranks.map((r) => Math.round(r * 2));
  const total = halves.reduce((a, b) => a + b, 0);
  let counts = new Float64Array(total + 1);
  counts[0] = 1;
  for (const h of halves) {
    const next = new Float64Array(total + 1);
    for (let s = 0; s <= total; s++) {
      if (counts[s] === 0) continue;
      next[s] += counts[s] / 2;
      if (s + h <= total) next[s + h] += counts[s] / 2;
    }
    counts = next;
  }
  let observed = 0;
  nonZero.forEach((v, i) => {
    if (alternative === "greater" && v > 0 || alternative === "less" && v < 0) observed += halves[i];
  });
  let p = 0;
  for (let s = observed; s <= total; s++) p += counts[s];
  return Math.min(1, p);
}

// src/stats/inference.ts
var cumulativeCache = /* @__PURE__ */ new Map();
function nullCdf(n) {
  if (n <= SIGNED_RANK_EXACT_MAX_N) {
    let cumulative = cumulativeCache.get(n);
    if (cumulative === void 0) {
      const counts = signedRankDistribution(n);
      cumulative = new Float64Array(counts.length);
      let sum3 = 0;
      for (let s = 0; s < counts.length; s++) {
        sum3 += counts[s];
        cumulative[s] = sum3 / 2 ** n;
      }
      cumulativeCache.set(n, cumulative);
    }
    const table = cumulative;
    return (w) => w < 0 ? 0 : table[Math.min(w, table.length - 1)];
  }
  const meanW = n * (n + 1) / 4;
  const se = Math.sqrt(n * (n + 1) * (2 * n + 1) / 24);
  return (w) => w < 0 ? 0 : normalCdf((w + 0.5 - meanW) / se);
}
function criticalCount(n, cdf2, tail2) {
  const max = n * (n + 1) / 2;
  const meanW = n * (n + 1) / 4;
  const se = Math.sqrt(n * (n + 1) * (2 * n + 1) / 24);
  let k = Math.max(-1, Math.min(max, Math.floor(meanW - 0.5 + normalQuantile(tail2) * se)));
  while (k + 1 <= max && cdf2(k + 1) <= tail2) k++;
  while (k >= 0 && cdf2(k) > tail2) k--;
  return k;
}
function signedRankSize(n, level) {
  const cdf2 = nullCdf(n);
  const k = criticalCount(n, cdf2, level / 2);
  return k < 0 ? 0 : Math.min(1, 2 * cdf2(k));
}
function countBelow(sorted, x) {
  const search = (strict) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (strict ? sorted[mid] < x : sorted[mid] <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return { below: search(true), atMost: search(false) };
}
function signedRankInference(d, level) {
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  const n = d.length;
  if (n === 0) throw new RangeError("d is empty");
  const walsh = walshAverages(d);
  const m = walsh.length;
  const cdf2 = nullCdf(n);
  const k = criticalCount(n, cdf2, level / 2);
  const { below, atMost } = countBelow(walsh, 0);
  const notAbove = atMost;
  const notBelow = m - below;
  const p = Math.min(1, 2 * cdf2(Math.min(notAbove, notBelow)));
  const reachable = k >= 0;
  return {
    estimate: median2(walsh),
    lower: reachable ? walsh[k] : Number.NaN,
    upper: reachable ? walsh[m - 1 - k] : Number.NaN,
    p
  };
}
var quantileCache = /* @__PURE__ */ new Map();
function tCritical(level, df) {
  const key = `${level}|${df}`;
  let q = quantileCache.get(key);
  if (q === void 0) {
    q = studentTQuantile(1 - level / 2, df);
    quantileCache.set(key, q);
  }
  return q;
}
function meanInference(units2, level) {
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  if (units2.length < 2) throw new RangeError(`meanInference needs at least 2 units, got ${units2.length}`);
  const df = units2.length - 1;
  const estimate = mean2(units2);
  const se = sd(units2) / Math.sqrt(units2.length);
  const q = tCritical(level, df);
  if (se === 0) {
    const p = estimate === 0 ? 1 : 0;
    return { estimate, lower: estimate, upper: estimate, p };
  }
  const lower = estimate - q * se;
  const upper = estimate + q * se;
  const t = Math.abs(estimate) / se;
  const tested2 = Math.min(1, 2 * studentTSf(t, df));
  return { estimate, lower, upper, p: pOfInterval(tested2, lower, upper, level) };
}
function pOfInterval(tested2, lower, upper, level) {
  if (lower > 0 || upper < 0) return Math.min(tested2, level);
  return tested2 <= level ? level * (1 + 1e-9) : tested2;
}
function excludesZero(lower, upper) {
  return lower > 0 || upper < 0;
}

// src/stats/anova.ts
function fSf(f, df1, df2) {
  if (!(df1 > 0 && df2 > 0)) throw new RangeError(`degrees of freedom must be > 0, got ${df1}, ${df2}`);
  if (Number.isNaN(f)) return Number.NaN;
  if (f <= 0) return 1;
  if (f === Number.POSITIVE_INFINITY) return 0;
  const x = df2 / (df2 + df1 * f);
  return regularizedIncompleteBeta(x, df2 / 2, df1 / 2, df1 * f / (df2 + df1 * f));
}
function oneWayAnova(groups) {
  const k = groups.length;
  const n = groups.reduce((sum3, group) => sum3 + group.length, 0);
  if (k < 2 || groups.some((group) => group.length === 0) || n <= k) {
    throw new RangeError(
      `one-way ANOVA needs at least two non-empty groups and more values than groups, got ${k} groups of ${n}`
    );
  }
  const { between, within, df1, df2 } = sumsOfSquares(groups);
  const f = between / df1 / (within / df2);
  return { f, df1, df2, p: fSf(f, df1, df2) };
}
function sumsOfSquares(groups) {
  const grand = mean2(groups.flat());
  let between = 0;
  let within = 0;
  for (const group of groups) {
    const m = mean2(group);
    between += group.length * (m - grand) ** 2;
    for (const value2 of group) within += (value2 - m) ** 2;
  }
  const n = groups.reduce((sum3, group) => sum3 + group.length, 0);
  return { between, within, df1: groups.length - 1, df2: n - groups.length };
}

// src/decide/process-offsets.ts
var PROCESS_OFFSET_LEVEL = 0.01;
function byBlock(pairs, logRatios, restartEvery, measured) {
  const blocks = /* @__PURE__ */ new Map();
  pairs.forEach((pair2, i) => {
    const block = Math.floor(pair2 / restartEvery);
    blocks.set(block, [...blocks.get(block) ?? [], logRatios[i]]);
  });
  const last = pairs.length === 0 ? -1 : Math.floor(Math.max(...pairs) / restartEvery);
  const whole2 = (block, ratios2) => measured === void 0 ? block < last || ratios2.length >= restartEvery : (block + 1) * restartEvery <= measured;
  return [...blocks].sort((a, b) => a[0] - b[0]).filter(([block, ratios2]) => whole2(block, ratios2)).map(([, ratios2]) => ratios2);
}
function blockTest(pairs, logRatios, restartEvery) {
  if (!(Number.isInteger(restartEvery) && restartEvery >= 2)) return void 0;
  const groups = byBlock(pairs, logRatios, restartEvery).filter((ratios2) => ratios2.length >= 2);
  if (groups.length < 2) return void 0;
  return {
    ...oneWayAnova(groups),
    blocks: groups.length,
    pairs: groups.reduce((sum3, ratios2) => sum3 + ratios2.length, 0),
    changes: groups.map((ratios2) => Math.expm1(mean2(ratios2)))
  };
}
function blockMeans(pairs, logRatios, restartEvery, measured) {
  if (!(Number.isInteger(restartEvery) && restartEvery >= 2)) return [];
  return byBlock(pairs, logRatios, restartEvery, measured).map(mean2);
}

// src/decide/interval.ts
function unitOf(restartEvery) {
  return Number.isInteger(restartEvery) && restartEvery >= 2 ? "blocks" : "pairs";
}
function unitsOf(pairs, logRatios, restartEvery, measured) {
  return unitOf(restartEvery) === "blocks" ? blockMeans(pairs, logRatios, restartEvery, measured) : [...logRatios];
}
function unitCount(pairs, restartEvery) {
  return unitOf(restartEvery) === "pairs" ? pairs : Math.floor(pairs / restartEvery);
}
function rankReaches(n, level) {
  return n >= 1 && 2 / 2 ** n <= level;
}
var RANK_UNITS = 16;
function methodFor(n, level) {
  return n >= RANK_UNITS && rankReaches(n, level) ? "signed-rank" : "t";
}
function criticalFor(n, level) {
  if (n < 2) return Number.NaN;
  return methodFor(n, level) === "signed-rank" ? normalQuantile(1 - level / 2) : tCritical(level, n - 1);
}
function inferUnits(units2, level) {
  if (units2.length < 2) return void 0;
  const method = methodFor(units2.length, level);
  return {
    inference: method === "signed-rank" ? signedRankInference(units2, level) : meanInference(units2, level),
    method,
    critical: criticalFor(units2.length, level)
  };
}

// src/load/plan.ts
function openLoopSec(durationSec) {
  return durationSec / 6;
}
var OPEN_LOOP_MAX_RATE = 5e3;
function openLoopRate(share3, baseRps) {
  return Math.max(1, Math.min(OPEN_LOOP_MAX_RATE, Math.round(share3 * baseRps)));
}

// src/gate/measurement-plan.ts
var MIN_TURN_SEC = 0.05;
var MAX_TURN_SEC = 1;
var RESPONSES_PER_CONNECTION = 20;
var MIN_SCENARIO_SEC = 0.25;
var KEPT_REFRESH_SEC = 0.05;
var PRIME_TURN_SEC = 0.25;
var PAIR_OVERHEAD_SEC = 0.1;
var PACED_WARMUP_SEC = 0.2;
function processPlan(config, fresh) {
  if (fresh || config.restartEvery === 0) return { mode: "fresh" };
  return {
    mode: "blocks",
    restartEvery: config.restartEvery,
    primeSec: primeSec(config.primeSec, config.scenarios.length)
  };
}
function primeSec(prime2, scenarios) {
  return Math.max(prime2, MIN_SCENARIO_SEC * scenarios);
}
function ms(sec) {
  return Math.ceil(sec * 1e3 - 1e-9) / 1e3;
}
function autoTurnSec(rps, connections) {
  if (!(rps > 0)) return MAX_TURN_SEC;
  const wanted = RESPONSES_PER_CONNECTION * connections / rps;
  return ms(Math.min(MAX_TURN_SEC, Math.max(MIN_TURN_SEC, Math.ceil(wanted * 100) / 100)));
}
function scenarioSec(durationSec, scenarios) {
  return Math.max(MIN_SCENARIO_SEC, durationSec / Math.max(1, scenarios));
}
function even(n) {
  return Math.max(2, 2 * Math.round(n / 2));
}
function scenarioPlan(config, scenario, count4, processes2, rps) {
  const autoSec = autoTurnSec(rps ?? 0, scenario.connections ?? config.connections);
  const found = { autoSec, rate: openRateOf(config.openLoop, rps) };
  return shareOf(
    config,
    scenario.name,
    { sec: scenarioSec(config.durationSec, count4), count: count4 },
    processes2,
    found
  );
}
function shareOf(config, name, { sec, count: count4 }, processes2, { autoSec, rate: rate2 }) {
  const fresh = processes2.mode === "fresh";
  const turnSec = fresh ? sec : config.sliceSec === "auto" ? autoSec : config.sliceSec > 0 ? Math.min(config.sliceSec, sec) : sec;
  const turns = fresh ? 1 : config.sliceSec === 0 ? 1 : even(sec / turnSec);
  const warmupSec = fresh || config.engine === "autocannon" ? config.warmupSec : count4 > 1 ? Math.min(config.warmupSec, KEPT_REFRESH_SEC) : 0;
  return { name, turnSec, turns, warmupSec, openLoop: openLoopPlan(rate2, sec, turnSec) };
}
function openRateOf(open3, rps) {
  if (open3 === void 0) return void 0;
  if ("rate" in open3) return open3.rate;
  return rps === void 0 ? void 0 : openLoopRate(open3.share, rps);
}
function openLoopPlan(rate2, sec, turnSec) {
  if (rate2 === void 0) return void 0;
  const paced = openLoopSec(sec);
  const length = Math.max(turnSec, 0.1);
  const turns = even(paced / length);
  return { rate: rate2, turns, turnSec: ms(paced / turns) };
}
function sharedAmong(config, plan, sideSec, loaded) {
  const share3 = { sec: sideSec / Math.max(1, loaded.length), count: loaded.length };
  return loaded.map((s) => {
    const planned = plan.scenarios.find((p) => p.name === s.name);
    const found = { autoSec: planned.turnSec, rate: planned.openLoop?.rate };
    return shareOf(config, s.name, share3, plan.processes, found);
  });
}
function pairSeconds(scenarios, processes2, perTurnDrainSec, blockStartSec) {
  let sec = PAIR_OVERHEAD_SEC;
  scenarios.forEach((s, i) => {
    sec += 2 * s.turns * (s.turnSec + (perTurnDrainSec[i] ?? 0)) + 2 * s.warmupSec;
    if (s.openLoop) sec += 2 * (s.openLoop.turns * s.openLoop.turnSec + PACED_WARMUP_SEC);
  });
  if (processes2.mode === "blocks") sec += (blockStartSec + 2 * processes2.primeSec) / processes2.restartEvery;
  else sec += 2 * blockStartSec;
  return sec;
}
function drainSecs(config, rates) {
  const drains = /* @__PURE__ */ new Map();
  for (const s of config.scenarios) {
    const rps = rates.get(s.name);
    drains.set(s.name, rps && rps > 0 ? (s.connections ?? config.connections) / rps : 0);
  }
  return drains;
}
function buildPlan(config, inputs) {
  const processes2 = processPlan(config, inputs.fresh);
  const count4 = config.scenarios.length;
  const scenarios = config.scenarios.map(
    (s) => scenarioPlan(config, s, count4, processes2, inputs.rates.get(s.name))
  );
  const drains = drainSecs(config, inputs.rates);
  const pairSec = pairSeconds(
    scenarios,
    processes2,
    config.scenarios.map((s) => drains.get(s.name) ?? 0),
    inputs.startSec
  );
  const budgetSec = config.budgetMs / 1e3;
  const limitSec = Math.min(budgetSec * 1.5, inputs.leftSec);
  const restartEvery = processes2.mode === "blocks" ? processes2.restartEvery : 0;
  const { looks, schedule: schedule2 } = plannedLooks(budgetSec, pairSec, config.pairs, restartEvery);
  return {
    engine: config.engine,
    processes: processes2,
    unit: processes2.mode === "blocks" ? unitOf(processes2.restartEvery) : "pairs",
    placement: inputs.placement,
    scenarios,
    fixedPairs: config.pairs,
    looks,
    schedule: schedule2,
    pairSec,
    budgetSec,
    limitSec
  };
}
function plannedLooks(budgetSec, pairSec, fixedPairs, restartEvery) {
  if (fixedPairs !== void 0) return { looks: [fixedPairs], schedule: [fixedPairs] };
  const maxPairs = Math.floor(budgetSec / pairSec);
  const early = restartEvery === void 0 ? [] : earlyLookPoints(maxPairs, restartEvery);
  const looks = [...early, ...planLooks(maxPairs)];
  const last = looks[looks.length - 1];
  return { looks, schedule: [...looks, last + confirmationPairs(last)] };
}
function blocksOf(plan) {
  return plan.processes.mode === "blocks" ? plan.processes : void 0;
}
var PUBLISH_RESERVE_MS = 3e4;
var STARTUP_SHARE_NOTE = 1 / 3;
function startupNote(startupSec, pairSec) {
  if (!(pairSec > 0 && startupSec >= STARTUP_SHARE_NOTE * pairSec)) return void 0;
  return { kind: "slow-startup", startupSec, pairSec, restartEvery: DEFAULT_RESTART_EVERY };
}
function projectedPairSec(config, design, startSec = 0.5) {
  const processes2 = processPlan({ ...config, restartEvery: design.restartEvery }, false);
  const scenario = config.scenarios[0];
  const one = scenarioPlan({ ...config, sliceSec: "auto" }, scenario, design.scenarios, processes2, void 0);
  const turns = { ...one, turnSec: MIN_TURN_SEC, turns: even(one.turns * (one.turnSec / MIN_TURN_SEC)) };
  const all = Array.from({ length: design.scenarios }, () => turns);
  const block = processes2.mode === "blocks" ? { ...processes2, primeSec: primeSec(config.primeSec, design.scenarios) } : processes2;
  return pairSeconds(all, block, [], startSec);
}

// src/gate/assemble.ts
function assembleReport(context, run) {
  const { config } = context;
  const { error, measured, notes: notes2 } = run;
  const rounds = measured?.rounds ?? run.rounds ?? [];
  const decision = error ? void 0 : measured?.decision;
  const pace = paceNote(decision, rounds);
  if (pace !== void 0) notes2.push(pace);
  const verdict = finalVerdict(decision, error);
  return {
    tool: "perf-gate",
    version: 3,
    verdict,
    base: { sha: context.base.sha, label: context.base.label },
    head: { sha: context.head.sha, label: context.head.label },
    settings: settingsOf(config, run.measured),
    decision,
    ...measured?.plan ? { plan: measured.plan } : {},
    sequential: measured ? sequentialOf(measured) : void 0,
    newScenarios: measured?.newScenarios ?? [],
    shard: config.shard,
    ...replicaOf(config),
    scenarioCount: config.scenarioCount,
    rounds,
    error: error ? {
      code: error.code,
      message: error.message,
      side: error.side,
      output: error.output,
      neutral: error.neutral && !run.headRan && !config.headCommandsOnBase
    } : void 0,
    timing: {
      startedAt: new Date(run.started).toISOString(),
      wallSec: (Date.now() - run.started) / 1e3,
      prepareSec: run.prepareSec,
      measureSec: run.measureSec
    },
    environment: environmentOf(),
    notes: notes2,
    profile: run.profile,
    changedFiles: run.changedFiles,
    diagnostics: measured?.diagnostics,
    pullRequest: context.pullRequest,
    ...context.workflowRun ? { run: context.workflowRun } : {}
  };
}
function environmentOf() {
  const cut = (text2) => text2 ? text2.trim().slice(0, 200) || void 0 : void 0;
  return {
    node: process.version,
    cpus: availableParallelism(),
    platform: `${process.platform}-${process.arch}`,
    cpuModel: cut(cpus()[0]?.model),
    kernel: cut(release()),
    runner: cut(process.env.RUNNER_NAME)
  };
}
function replicaOf(config) {
  if (config.replica === void 0 && config.stage === void 0) return {};
  const { index, count: count4 } = config.replica ?? { index: 1, count: 1 };
  return { replica: { index, count: count4, ...config.stage ? { stage: config.stage } : {} } };
}
function paceNote(decision, rounds) {
  const compared = new Set(decision?.comparisons.map((c) => c.scenario));
  const paced = new Set(decision?.comparisons.filter((c) => c.metric === "cpu").map((c) => c.scenario));
  if (paced.size > 0)
    return { kind: "generator-paced", scenarios: [...paced], all: paced.size === compared.size };
  const loadgenCpu = rounds.length === 0 ? 0 : median2(rounds.map((r) => r.measurement.loadgenCpu));
  return loadgenCpu > LOADGEN_BUSY ? { kind: "loadgen-busy", loadgenCpu } : void 0;
}
function settingsOf(config, measured) {
  return {
    scenarios: config.scenarios.map((scenario) => scenarioSettings(scenario, config)),
    pairs: config.pairs,
    budgetSec: config.budgetMs / 1e3,
    durationSec: config.durationSec,
    warmupSec: config.warmupSec,
    sliceSec: turnSecOf(config, measured?.plan),
    connections: config.connections,
    threshold: config.threshold,
    latencyThreshold: config.latencyThreshold,
    memoryThreshold: config.memoryThreshold,
    alpha: config.alpha,
    port: config.port,
    failOnRegression: config.failOnRegression,
    restartEvery: measured?.plan ? blocksOf(measured.plan)?.restartEvery ?? 0 : config.restartEvery
  };
}
function turnSecOf(config, plan) {
  if (plan) return blocksOf(plan) ? Math.min(...plan.scenarios.map((s) => s.turnSec)) : 0;
  return config.sliceSec === "auto" ? void 0 : config.sliceSec;
}
function sequentialOf(measured) {
  return {
    pairs: measured.pairs,
    looked: measured.looked,
    schedule: measured.schedule,
    stoppedBy: measured.stoppedBy,
    confirmationPairs: measured.confirmationPairs,
    disturbedPairs: measured.disturbedPairs,
    keptDisturbedPairs: measured.keptDisturbedPairs,
    blocks: measured.blocks
  };
}

// src/gate/held-log.ts
var HeldLog = class {
  root = [];
  current = this.root;
  info(event) {
    this.current.push({ kind: "info", event });
  }
  output(text2) {
    this.current.push({ kind: "output", text: text2 });
  }
  async group(group, body) {
    const outer = this.current;
    const inner = [];
    outer.push({ kind: "group", group, inner });
    this.current = inner;
    try {
      return await body();
    } finally {
      this.current = outer;
    }
  }
  /** Tells `log` everything held, in order, each group as a group. */
  replay(log) {
    return replay(this.root, log);
  }
};
async function replay(items, log) {
  for (const item of items) {
    if (item.kind === "info") log.info(item.event);
    else if (item.kind === "output") log.output(item.text);
    else await log.group(item.group, () => replay(item.inner, log));
  }
}

// src/gate/context.ts
var ActiveScenarios = class {
  list;
  /** The names of the scenarios dropped as new on head. */
  dropped = [];
  /** The names of the scenarios settled (src/gate/loop.ts). */
  settled = [];
  constructor(all) {
    this.list = [...all];
  }
  get active() {
    return this.list;
  }
  /** The scenarios each pair measures: the active ones not settled. */
  get loaded() {
    return this.list.filter((scenario) => !this.settled.includes(scenario.name));
  }
  drop(names) {
    this.dropped.push(...names);
    this.list = this.list.filter((scenario) => !this.dropped.includes(scenario.name));
  }
  settle(names) {
    this.settled.push(...names);
  }
};
async function stopServers(ctx) {
  await ctx.servers.stopAll();
}

// src/gate/pools.ts
var Pools = class {
  opened = /* @__PURE__ */ new Set();
  load;
  constructor(load2) {
    this.load = load2;
  }
  /** The pool of `scenario` (its index in the config: `index`) on `server`, opened with `spec` if it is not yet. */
  async of(server, index, spec) {
    const id = `${server.side}-${server.pid}-${server.port}-s${index + 1}`;
    if (!this.opened.has(id)) {
      await this.load.open(id, spec(), server.side);
      this.opened.add(id);
    }
    return id;
  }
  /** Closes every pool (their servers are about to stop). */
  async closeAll() {
    if (this.opened.size === 0) return;
    this.opened.clear();
    await this.load.close();
  }
  /** The pools open now, for tests and the log. */
  get count() {
    return this.opened.size;
  }
};
function poolSpec(scenario, server, options) {
  return {
    url: `${server.origin}${scenario.path}`,
    method: scenario.method,
    headers: scenario.headers,
    ...scenario.body === void 0 ? {} : { body: scenario.body },
    connections: scenario.connections ?? options.connections,
    timeoutSec: 10,
    engine: options.engine,
    watchPids: options.watchPids,
    serverPids: [server.pid]
  };
}

// src/io/server.ts
import { request } from "node:http";
import { Socket } from "node:net";
import { setTimeout as sleep4 } from "node:timers/promises";

// src/io/ports.ts
import { readFileSync as readFileSync6 } from "node:fs";
import { createServer } from "node:net";

// src/io/peers.ts
import { readdirSync as readdirSync3, readFileSync as readFileSync5, readlinkSync } from "node:fs";
function parseTcpTable(text2) {
  const rows = [];
  for (const line of text2.split("\n").slice(1)) {
    const fields2 = line.trim().split(/\s+/);
    if (fields2.length < 10) continue;
    const inode = Number(fields2[9]);
    if (!Number.isInteger(inode) || inode === 0) continue;
    rows.push({ local: fields2[1], remote: fields2[2], state: Number.parseInt(fields2[3], 16), inode });
  }
  return rows;
}
function socketInodes(pid) {
  const inodes = [];
  let fds;
  try {
    fds = readdirSync3(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.push(Number(match[1]));
    } catch {
    }
  }
  return inodes;
}
function tcpTable(pid) {
  const rows = [];
  for (const name of ["tcp", "tcp6"]) {
    try {
      rows.push(...parseTcpTable(readFileSync5(`/proc/${pid}/net/${name}`, "utf8")));
    } catch {
    }
  }
  return rows;
}

// src/io/ports.ts
var PICK_FROM = 2e4;
var EPHEMERAL_DEFAULT = 49152;
var PICK_TRIES = 32;
var HANDED_ON_MS = 2e3;
var LISTEN = 10;
function pickRange(ephemeral) {
  const low = Number(ephemeral?.trim().split(/\s+/)[0]);
  const to = Number.isInteger(low) && low > 0 ? low : EPHEMERAL_DEFAULT;
  return to - PICK_FROM >= 1e3 ? [PICK_FROM, to] : void 0;
}
function readText(path) {
  try {
    return readFileSync6(path, "utf8");
  } catch {
    return void 0;
  }
}
function tryListen(port, host) {
  return new Promise((resolve9) => {
    const server = createServer();
    server.once("error", () => resolve9(void 0));
    server.listen(port, host, () => {
      const address = server.address();
      const got = typeof address === "object" && address !== null ? address.port : void 0;
      server.close(() => resolve9(got));
    });
  });
}
async function free(port) {
  if (await tryListen(port, "127.0.0.1") === void 0) return false;
  return new Promise((resolve9) => {
    const server = createServer();
    server.once("error", (error) => resolve9(error.code !== "EADDRINUSE"));
    server.listen(port, "::1", () => server.close(() => resolve9(true)));
  });
}
async function freePort(random2 = Math.random) {
  const range2 = pickRange(readText("/proc/sys/net/ipv4/ip_local_port_range"));
  for (let i = 0; range2 !== void 0 && i < PICK_TRIES; i++) {
    const port2 = range2[0] + Math.floor(random2() * (range2[1] - range2[0]));
    if (await free(port2)) return port2;
  }
  const port = await tryListen(0, "127.0.0.1");
  if (port === void 0) throw new Error("no free port on 127.0.0.1");
  return port;
}
function localAddress(hex) {
  if (hex.length === 8) return hex === "00000000" || hex.endsWith("7F");
  return hex === "0".repeat(32) || hex === `${"0".repeat(24)}01000000` || hex.startsWith(`${"0".repeat(16)}FFFF0000`) && localAddress(hex.slice(24));
}
function listeners() {
  const found = [];
  for (const row2 of tcpTable(process.pid)) {
    const [address = "", portHex = ""] = row2.local.split(":");
    const port = Number.parseInt(portHex, 16);
    if (row2.state === LISTEN && Number.isInteger(port) && port > 0)
      found.push({ port, local: localAddress(address), inode: row2.inode });
  }
  return found;
}
function listeningSockets(pids) {
  const inodes = new Set(pids.flatMap(socketInodes));
  if (inodes.size === 0) return [];
  return listeners().filter((s) => inodes.has(s.inode)).map(({ port, local }) => ({ port, local }));
}
function portHolder(port, pid) {
  const onPort = listeners().filter((s) => s.port === port);
  if (onPort.length === 0) return "unknown";
  const ours2 = new Set(processTree(pid).flatMap(socketInodes));
  return onPort.some((s) => ours2.has(s.inode)) ? "tree" : "elsewhere";
}
var PortAnswers = class {
  /** Since when the port has answered while only programs outside the server's processes listened on it. */
  elsewhereSince;
  port;
  pid;
  constructor(port, pid) {
    this.port = port;
    this.pid = pid;
  }
  /** Whether an answer the probe just got means the server is ready; false: another program's, wait on. */
  ready() {
    if (portHolder(this.port, this.pid) !== "elsewhere") return true;
    this.elsewhereSince ??= Date.now();
    return Date.now() - this.elsewhereSince >= HANDED_ON_MS;
  }
  /**
   * Whether a server that exited found its port taken by another program: that program answered the probe, or holds
   * the port now. Asked once the server's own processes are gone (startServer stops what it left in the background
   * first; under 0x the server is node itself), so that only another program's listener counts.
   */
  taken() {
    return this.elsewhereSince !== void 0 || portHolder(this.port, this.pid) === "elsewhere";
  }
};

// src/io/server.ts
var HOSTS = ["127.0.0.1", "::1"];
var READY_POLL_MS = 20;
var PortNotMovedError = class extends GateError {
  /** The fixed port (input `port`) and the port it was to move to. */
  fixed;
  movedTo;
  constructor(side2, start, fixed, movedTo, output) {
    super("server-start", portNotMovedMessage(side2, start, fixed, movedTo), {
      side: side2,
      ...output === void 0 ? {} : { output }
    });
    this.name = "PortNotMovedError";
    this.fixed = fixed;
    this.movedTo = movedTo;
  }
};
function listening(host, port, timeoutMs = 500) {
  return new Promise((resolve9) => {
    const socket = new Socket();
    const done = (result) => {
      socket.destroy();
      resolve9(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.connect(port, host);
  });
}
function getStatus(host, port, path, timeoutMs = 1e3) {
  return new Promise((resolve9) => {
    const req = request({ host, port, path, method: "GET", timeout: timeoutMs, agent: false }, (res) => {
      res.resume();
      res.once("end", () => resolve9(res.statusCode));
      res.once("error", () => resolve9(res.statusCode));
    });
    req.once("timeout", () => req.destroy());
    req.once("error", () => resolve9(void 0));
    req.end();
  });
}
function describeExit(child2) {
  const exit = child2.exit;
  if (exit === void 0) return "is still running";
  return exit.signal !== null ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}
async function open(port) {
  for (const host of HOSTS) if (await listening(host, port)) return true;
  return false;
}
async function keptFixedPort(fixed, movedTo, pid) {
  if (fixed === void 0 || movedTo === void 0) return false;
  return await open(fixed) && !await open(movedTo) && portHolder(fixed, pid) !== "elsewhere";
}
var PortTakenError = class extends GateError {
  constructor(spec, where, output) {
    super(
      "server-start",
      portTakenMessage(`the ${spec.side} server \`${spec.start}\``, where, spec.port !== void 0),
      {
        side: spec.side,
        output
      }
    );
    this.name = "PortTakenError";
  }
};
var PORT_ATTEMPTS = 3;
async function startServer(spec) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(spec);
    } catch (error) {
      if (!(error instanceof PortTakenError) || spec.port !== void 0 || attempt >= PORT_ATTEMPTS)
        throw error;
    }
  }
}
async function startOnce(spec) {
  const moved = spec.port !== void 0 ? spec.movedTo : void 0;
  const port = moved ?? spec.port ?? await freePort();
  if (spec.port !== void 0) await waitPortFree(spec.side, spec.port);
  const command2 = spec.wrap ? `${spec.wrap} ${spec.start}` : spec.start;
  const env = safeEnv({ NODE_ENV: "production", ...spec.env, PORT: String(spec.port ?? port) });
  const child2 = new Child(command2, {
    cwd: spec.cwd,
    env,
    ...spec.onOutput ? { onOutput: spec.onOutput } : {}
  });
  const host = await waitReady(spec, child2, port);
  const origin = host.includes(":") ? `http://[${host}]:${port}` : `http://${host}:${port}`;
  return {
    side: spec.side,
    host,
    port,
    origin,
    child: child2,
    assertAlive(during) {
      if (child2.exit === void 0) return;
      throw new GateError(
        "server-crash",
        `the ${spec.side} server \`${spec.start}\` ${describeExit(child2)} during ${during}`,
        {
          side: spec.side,
          output: child2.output.lastLines(40)
        }
      );
    },
    async stop() {
      await child2.stop();
    }
  };
}
function portText(spec, port) {
  return spec.port !== void 0 && spec.movedTo !== void 0 ? `port ${spec.port} (moved to ${port} by perf-gate)` : `port ${port}`;
}
async function waitReady(spec, child2, port) {
  const deadline = Date.now() + spec.readyTimeoutMs;
  const wanted = spec.readyStatus === void 0 ? "" : ` with ${spec.readyStatus}`;
  const where = portText(spec, port);
  let lastStatus;
  const answers = new PortAnswers(port, child2.pid);
  for (; ; ) {
    if (child2.exit !== void 0) {
      await child2.stop(500);
      if (answers.taken()) throw new PortTakenError(spec, where, child2.output.lastLines(40));
      throw new GateError(
        "server-start",
        `the ${spec.side} server \`${spec.start}\` ${describeExit(child2)} before it answered GET ${spec.readyPath}${wanted} on ${where}`,
        { side: spec.side, output: child2.output.lastLines(40) }
      );
    }
    if (Date.now() > deadline) {
      const hint = lastStatus !== void 0 ? ` It kept answering ${lastStatus}: check \`ready.status\` and \`ready.path\` in the config file, or raise \`ready.timeout\` if it needs longer to get ready.` : readyHint(spec.port, spec.port ?? port, ownPorts(spec, listeningSockets(processTree(child2.pid))));
      await child2.stop();
      throw new GateError(
        "server-start",
        `the ${spec.side} server \`${spec.start}\` did not answer GET ${spec.readyPath}${wanted} on ${where} within ${Math.round(spec.readyTimeoutMs / 1e3)} s.${hint}`,
        { side: spec.side, output: child2.output.lastLines(40) }
      );
    }
    for (const candidate of HOSTS) {
      const status = await getStatus(candidate, port, spec.readyPath);
      if (status === void 0) continue;
      if (spec.readyStatus === void 0 || status === spec.readyStatus) {
        if (answers.ready()) return preferredHost(candidate, port, spec);
        break;
      }
      lastStatus = status;
    }
    if (await keptFixedPort(spec.port, spec.movedTo, child2.pid)) {
      await child2.stop();
      throw new PortNotMovedError(spec.side, spec.start, spec.port, port, child2.output.lastLines(40));
    }
    await sleep4(READY_POLL_MS);
  }
}
async function preferredHost(host, port, spec) {
  if (host === HOSTS[0]) return host;
  const status = await getStatus(HOSTS[0], port, spec.readyPath);
  const ready = status !== void 0 && (spec.readyStatus === void 0 || status === spec.readyStatus);
  return ready ? HOSTS[0] : host;
}
function ownPorts(spec, sockets) {
  const { port, movedTo } = spec;
  if (port === void 0 || movedTo === void 0) return [...sockets];
  return sockets.map((socket) => socket.port === movedTo ? { ...socket, port } : socket);
}
function readyHint(fixed, port, sockets) {
  const given = fixed === void 0 ? `PORT=${port}` : `port ${port} (input \`port\`)`;
  const onPort = sockets.filter((s) => s.port === port);
  const others = [...new Set(sockets.filter((s) => s.port !== port).map((s) => s.port))].sort(
    (a, b) => a - b
  );
  if (onPort.length === 0 && others.length > 0) {
    const where = others.length === 1 ? `port ${others[0]}` : `ports ${others.join(", ")}`;
    return fixed === void 0 ? ` It listens on ${where}, not on the ${given} it was given: make it listen on \`process.env.PORT\`, or set the \`port\` input to ${others.length === 1 ? others[0] : "the port it serves on"}.` : ` It listens on ${where}, not on ${given}: set the \`port\` input to the port it serves on.`;
  }
  if (onPort.length > 0 && !onPort.some((s) => s.local)) {
    return ` It listens on port ${port} but not on localhost (127.0.0.1 or ::1): bind it to \`0.0.0.0\` or \`localhost\`.`;
  }
  if (onPort.length > 0) {
    return ` It accepts connections on port ${port} but gave no HTTP answer: check that GET on that path gets a response, or raise \`ready-timeout\` if it needs longer to get ready.`;
  }
  return fixed === void 0 ? ` It was given ${given} and opened no port: if it needs longer to start, raise \`ready-timeout\`; if it listens on a fixed port instead, set the \`port\` input to that port.` : ` It opened no port: check that it listens on ${given}, or raise \`ready-timeout\` if it needs longer to start.`;
}
async function waitPortFree(side2, port) {
  const deadline = Date.now() + 5e3;
  for (; ; ) {
    let busy = false;
    for (const host of HOSTS) if (await listening(host, port)) busy = true;
    if (!busy) return;
    if (Date.now() > deadline)
      throw new GateError(
        "server-start",
        `port ${port} (input \`port\`) is already in use by another process before the ${side2} server starts: stop that process or choose another port`,
        { side: side2 }
      );
    await sleep4(100);
  }
}

// src/gate/servers.ts
var Servers = class {
  running = {};
  probes = {};
  start;
  diagnostics;
  /** Called before the running servers stop (the load generator's pools on them are closed first). */
  beforeStop;
  constructor(start, diagnostics2, beforeStop) {
    this.start = start;
    this.diagnostics = diagnostics2;
    this.beforeStop = beforeStop;
  }
  /**
   * The side's server, started for `pair` (with a probe of its own) when none is running: alone (a fresh process
   * per round), unless `together` (startBoth: the other side runs at the same time, which moves a fixed port).
   */
  async serverFor(side2, pair2, together = false) {
    const running2 = this.running[side2];
    if (running2) return running2;
    const probe = this.diagnostics.server(side2, `pair${pair2 + 1}-${side2}`);
    const server = await this.start(side2, pair2, probe.env, together);
    this.running[side2] = server;
    this.probes[side2] = probe;
    return server;
  }
  /** The side's running server (undefined when none). */
  get(side2) {
    return this.running[side2];
  }
  /** The probe of the side's running server. */
  probe(side2) {
    return this.probes[side2];
  }
  /** The processes of the running servers, in the order they started. */
  pids() {
    return Object.values(this.running).map((server) => server.pid);
  }
  /**
   * Base and head start at the same time: a server that takes seconds to start costs that once per block, not twice
   * (with `restart-every: 1`, once per pair). When either fails, the other is stopped before the error goes on.
   */
  async startBoth(pair2) {
    const [base, head2] = await Promise.allSettled([
      this.serverFor("base", pair2, true),
      this.serverFor("head", pair2, true)
    ]);
    if (base.status === "fulfilled" && head2.status === "fulfilled") return [base.value, head2.value];
    await this.stopAll();
    const reasons = [base, head2].flatMap(
      (started) => started.status === "rejected" ? [started.reason] : []
    );
    throw reasons.find((reason) => reason instanceof PortNotMovedError) ?? reasons[0];
  }
  /** Stops both sides at once: each stop waits for its tree to exit, which need not wait for the other's. */
  async stopAll() {
    if (this.running.base || this.running.head) await this.beforeStop?.();
    await Promise.all(
      ["base", "head"].map(async (side2) => {
        await this.running[side2]?.stop();
        delete this.running[side2];
      })
    );
  }
  /** Runs `step`; when it throws, every server is stopped before the error goes on. */
  async stopAllOnError(step3) {
    try {
      return await step3();
    } catch (error) {
      await this.stopAll();
      throw error;
    }
  }
};
function alive(loaded, during, run) {
  const check2 = () => {
    for (const server of loaded) server.assertAlive(during);
  };
  return run.then(
    (result) => {
      check2();
      return result;
    },
    (error) => {
      check2();
      throw error;
    }
  );
}
async function inWindows(windows, run) {
  let result;
  try {
    result = await run();
  } catch (error) {
    await Promise.all(windows.map((w) => w.abandon()));
    throw error;
  }
  const memory = await Promise.all(windows.map((w) => w.close()));
  return { result, memory };
}
function withMemory(measurement2, memory) {
  return memory === void 0 ? measurement2 : { ...measurement2, memory };
}

// src/gate/turns.ts
function abba(i) {
  return i % 2 === 0 === (Math.floor(i / 2) % 2 === 0) ? 0 : 1;
}
function pairTurns(plan, pools) {
  const turns = [];
  if (plan.warmupSec > 0) for (const pool of pools) turns.push({ pool, sec: plan.warmupSec, record: false });
  for (let i = 0; i < 2 * plan.turns; i++)
    turns.push({ pool: pools[abba(i)], sec: plan.turnSec, record: true });
  const open3 = plan.openLoop;
  if (open3) {
    for (const pool of pools) turns.push({ pool, sec: PACED_WARMUP_SEC, record: false, rate: open3.rate });
    for (let i = 0; i < 2 * open3.turns; i++)
      turns.push({ pool: pools[abba(i)], sec: open3.turnSec, record: true, rate: open3.rate });
  }
  return turns;
}
function roundTurns(plan, pool) {
  const turns = [];
  if (plan.warmupSec > 0) turns.push({ pool, sec: plan.warmupSec, record: false });
  for (let i = 0; i < plan.turns; i++) turns.push({ pool, sec: plan.turnSec, record: true });
  const open3 = plan.openLoop;
  if (open3) {
    turns.push({ pool, sec: PACED_WARMUP_SEC, record: false, rate: open3.rate });
    for (let i = 0; i < open3.turns; i++)
      turns.push({ pool, sec: open3.turnSec, record: true, rate: open3.rate });
  }
  return turns;
}
function primingShape(sec) {
  const perSide = Math.max(MIN_SCENARIO_SEC, sec);
  const count4 = Math.max(1, Math.round(perSide / PRIME_TURN_SEC));
  return { count: count4, turnSec: perSide / count4 };
}
function primingTurns(sec, pools, count4) {
  const shape = primingShape(sec);
  const turns = count4 ?? shape.count;
  return Array.from({ length: 2 * turns }, (_, i) => ({
    pool: pools[abba(i)],
    sec: shape.turnSec,
    record: false
  }));
}

// src/gate/blocks.ts
async function startBlockServers(ctx, pair2) {
  const { clock, costs, servers } = ctx;
  await stopServers(ctx);
  const startupStart = clock.now();
  const both = await servers.startBoth(pair2);
  const startupMs = clock.now() - startupStart;
  costs.startupMs += startupMs;
  costs.primingMs += startupMs;
  costs.blocks++;
  return both;
}
function poolOf(ctx, server, scenario) {
  const { config, servers } = ctx;
  return ctx.pools.of(
    server,
    config.scenarios.indexOf(scenario),
    () => poolSpec(scenario, server, {
      connections: config.connections,
      engine: config.engine,
      watchPids: [...servers.pids(), process.pid]
    })
  );
}
async function prime(ctx, pair2, primeSec2, sides) {
  const rates = /* @__PURE__ */ new Map();
  const primeStart = ctx.clock.now();
  const scenarios = ctx.scenarios.loaded;
  const each = Math.max(MIN_SCENARIO_SEC, primeSec2 / Math.max(1, scenarios.length));
  for (const scenario of scenarios) {
    const pools = [await poolOf(ctx, sides[0], scenario), await poolOf(ctx, sides[1], scenario)];
    const shape = primingShape(each);
    const turns = primingTurns(each, pools, ctx.fit.priming(scenario.name, shape.count, shape.turnSec));
    const results = await alive(sides, primingDuring(pair2, scenario.name), ctx.load.turns(turns));
    ctx.fit.record("priming", scenario.name, turns, results);
    const base = sides[0].side === "base" ? pools[0] : pools[1];
    const mine = results.filter((_, i) => turns[i].pool === base);
    const later = mine.slice(Math.floor(mine.length / 2));
    const responses = later.reduce((sum3, r) => sum3 + r.responses, 0);
    const sec = later.reduce((sum3, r) => sum3 + r.sec, 0);
    if (sec > 0 && responses > 0) rates.set(scenario.name, responses / sec);
  }
  ctx.costs.primingMs += ctx.clock.now() - primeStart;
  return rates;
}
function inOrder(ctx, order) {
  return [ctx.servers.get(order[0]), ctx.servers.get(order[1])];
}

// src/gate/disturbance.ts
var DISTURBED_CORES = 0.1;
var STOLEN_CORES = 0.5;
function stolenLimit(stolen) {
  return stolen.length === 0 ? STOLEN_CORES : Math.max(STOLEN_CORES, 2 * median2(stolen));
}
function steadyForeignLimit(foreign) {
  return foreign.length === 0 ? DISTURBED_CORES : Math.max(DISTURBED_CORES, 2 * Math.min(...foreign));
}
function mostOf(rounds, cpu) {
  return Math.max(0, ...rounds.map((r) => r.measurement[cpu] ?? 0));
}
function disturbance(rounds, stolenCores = STOLEN_CORES) {
  let worst;
  for (const { measurement: measurement2 } of rounds) {
    const { foreignCpu, stealCpu } = measurement2;
    const found = foreignCpu !== void 0 && foreignCpu > DISTURBED_CORES ? { cause: "foreign", cores: foreignCpu } : stealCpu !== void 0 && stealCpu > stolenCores ? { cause: "stolen", cores: stealCpu } : void 0;
    if (found && (worst === void 0 || found.cores > worst.cores)) worst = found;
  }
  return worst;
}
var Disturbances = class {
  /** Disturbed measurements in a row, this one included. */
  inARow = 0;
  /** Pairs measured again because they were disturbed. */
  measuredAgain = 0;
  /** Disturbed pairs kept. */
  kept = 0;
  /** The worst disturbance of the pairs kept. */
  worst;
  /** CPU stolen during each measurement judged so far, in cores. */
  stolen = [];
  /** Other processes' busy CPU during each measurement judged so far, in cores. */
  foreign = [];
  /**
   * Judges pair `pair` (0-based; the first is never disturbed: it is checked for failed requests instead) as just
   * measured: true when it is to be measured again; a disturbed pair that is not is counted as kept. `affordable`:
   * whether the budget still has the time (false: the pair is kept, so that its looks still come).
   */
  measureAgain(pair2, rounds, log, affordable = true) {
    const disturbed = pair2 > 0 ? disturbance(rounds, stolenLimit(this.stolen)) : void 0;
    const foreign = mostOf(rounds, "foreignCpu");
    const steady = disturbed?.cause === "foreign" && foreign <= steadyForeignLimit(this.foreign);
    this.stolen.push(mostOf(rounds, "stealCpu"));
    this.foreign.push(foreign);
    this.inARow = disturbed ? this.inARow + 1 : 0;
    if (!disturbed) return false;
    const again = !steady && measureAgain(pair2, this.inARow, this.measuredAgain);
    if (affordable && again) {
      this.measuredAgain++;
      log.info({ kind: "measured-again", pair: pair2, disturbance: disturbed });
      return true;
    }
    this.kept++;
    if (this.worst === void 0 || disturbed.cores > this.worst.cores) this.worst = disturbed;
    log.info({
      kind: "kept-disturbed",
      pair: pair2,
      disturbance: disturbed,
      measuredAgain: this.measuredAgain,
      ...steady ? { steady: true } : again ? { budget: true } : {}
    });
    return false;
  }
  /** The report's note when disturbed pairs were kept (of `pairs` in all); undefined when none were. */
  note(pairs) {
    if (this.worst === void 0) return void 0;
    return {
      kind: "busy-machine",
      kept: this.kept,
      pairs,
      worst: this.worst,
      measuredAgain: this.measuredAgain
    };
  }
};
var MEASURED_AGAIN_IN_A_ROW = 4;
function measureAgain(pair2, disturbedInARow, measuredAgain) {
  return disturbedInARow <= MEASURED_AGAIN_IN_A_ROW && measuredAgain < Math.max(4, Math.ceil(pair2 / 2));
}

// src/stats/equivalence-boundary.ts
var EQUIVALENCE_INTERIM_SHARE = 0.1;
var EQUIVALENCE_CONFIRM_SHARE = 1;
function budgetLook(looks) {
  return Math.max(0, looks.length - 2);
}
function equivalenceShares(looks) {
  const early = earlyLooks(looks);
  const last = budgetLook(looks);
  return looks.map(
    (_, i) => early[i] ? 0 : i > last ? EQUIVALENCE_CONFIRM_SHARE : i === last ? 1 : EQUIVALENCE_INTERIM_SHARE
  );
}
function boundsAt2(shares2, level) {
  return shares2.map((s) => s > 0 ? -normalQuantile(s * level) : Number.POSITIVE_INFINITY);
}
var levelCache2 = /* @__PURE__ */ new Map();
function equivalenceFinalLevel(alpha, looks) {
  const problem = scheduleProblem(looks);
  if (problem !== void 0) throw new RangeError(`a look schedule ${problem}`);
  if (!(alpha > 0)) return 0;
  if (looks.length === 1 || alpha >= 0.5) return Math.min(alpha, 0.5);
  const key = `${alpha}|${looks.join(",")}`;
  const cached = levelCache2.get(key);
  if (cached !== void 0) return cached;
  const times2 = informationTimes(looks);
  const shares2 = equivalenceShares(looks);
  let low = -normalQuantile(alpha);
  let high = -normalQuantile(alpha / shares2.reduce((a, b) => a + b, 0));
  for (let i = 0; i < 36; i++) {
    const mid = (low + high) / 2;
    if (lowerCrossing(times2, boundsAt2(shares2, normalSf(mid))) > alpha) low = mid;
    else high = mid;
  }
  const level = normalSf(high);
  levelCache2.set(key, level);
  return level;
}
function equivalenceLevel(alpha, looks, pairs) {
  const i = looks.indexOf(pairs);
  const share3 = i >= 0 ? equivalenceShares(looks)[i] : pairs < looks[budgetLook(looks)] || looks.length === 1 ? 1 : EQUIVALENCE_CONFIRM_SHARE;
  return share3 * equivalenceFinalLevel(alpha, looks);
}

// src/stats/t-looks.ts
var GATES = 1e5;
var SEED = 20261128;
var units = [];
var random = mulberry32(SEED);
function unitsUpTo(count4) {
  while (units.length < count4) {
    const column = new Float32Array(GATES);
    for (let g2 = 0; g2 < GATES; g2 += 2) {
      const r = Math.sqrt(-2 * Math.log(1 - random()));
      const a = 2 * Math.PI * random();
      column[g2] = r * Math.cos(a);
      column[g2 + 1] = r * Math.sin(a);
    }
    units.push(column);
  }
  return units;
}
var zBound = (level) => -normalQuantile(level / 2);
var GRID2 = 101;
var normalDensity = (x) => Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
function noLaterCrossing(from, counts, bounds) {
  if (counts.length === 0) return () => 1;
  const grid = (k2) => {
    const half2 = Math.min(bounds[k2], 12) * Math.sqrt(counts[k2]);
    const h = 2 * half2 / (GRID2 - 1);
    const xs2 = Float64Array.from({ length: GRID2 }, (_, i) => -half2 + i * h);
    const w2 = Float64Array.from(
      { length: GRID2 },
      (_, i) => (i === 0 || i === GRID2 - 1 ? 1 : i % 2 ? 4 : 2) * h / 3
    );
    return { xs: xs2, w: w2 };
  };
  const onward = (x, at, k2, xs2, w2, g3) => {
    const step3 = Math.sqrt(counts[k2] - at);
    let sum3 = 0;
    for (let j = 0; j < GRID2; j++) sum3 += w2[j] * g3[j] * normalDensity((xs2[j] - x) / step3);
    return sum3 / step3;
  };
  let k = counts.length - 1;
  let { xs, w } = grid(k);
  let g2 = new Float64Array(GRID2).fill(1);
  for (k--; k >= 0; k--) {
    const next = { xs, w, g: g2 };
    ({ xs, w } = grid(k));
    g2 = xs.map((x) => onward(x, counts[k], k + 1, next.xs, next.w, next.g));
  }
  const half = 10 * Math.sqrt(from);
  const points = 401;
  const table = Float64Array.from(
    { length: points },
    (_, i) => onward(-half + 2 * half * i / (points - 1), from, 0, xs, w, g2)
  );
  return (s) => {
    const u = (s + half) / (2 * half) * (points - 1);
    if (u <= 0 || u >= points - 1) return 0;
    const i = Math.floor(u);
    return table[i] + (u - i) * (table[i + 1] - table[i]);
  };
}
function tOf(sum3, squares, n) {
  const sd2 = Math.sqrt(Math.max(0, squares - sum3 * sum3 / n) / (n - 1));
  return sd2 > 0 ? Math.abs(sum3) / Math.sqrt(n) / sd2 : Number.POSITIVE_INFINITY;
}
function changeOf(looks, later) {
  const counts = [...new Set(looks.map((look) => look.units))].sort((a, b) => a - b);
  const columns = unitsUpTo(counts[counts.length - 1]);
  const sum3 = new Float64Array(GATES);
  const squares = new Float64Array(GATES);
  const state = new Uint8Array(GATES);
  let n = 0;
  for (const count4 of counts) {
    for (; n < count4; n++) {
      const column = columns[n];
      for (let g2 = 0; g2 < GATES; g2++) {
        const x = column[g2];
        sum3[g2] = sum3[g2] + x;
        squares[g2] = squares[g2] + x * x;
      }
    }
    for (const look of looks.filter((l) => l.units === count4)) {
      const zb = zBound(look.level);
      const tb = look.t ? tCritical(look.level, count4 - 1) : 0;
      const zs = zb * Math.sqrt(count4);
      const tq = tb * tb * count4 / (count4 - 1);
      for (let g2 = 0; g2 < GATES; g2++) {
        const now = state[g2];
        if ((now & 1) !== 0) continue;
        const s = sum3[g2];
        const z2 = Math.abs(s) >= zs;
        if (!look.t) state[g2] = now | (z2 ? 1 : 0);
        else state[g2] = now | (z2 ? 2 : 0) | (s * s >= tq * (squares[g2] - s * s / count4) ? 4 : 0);
      }
    }
  }
  const tLooks = looks.filter((look) => look.t);
  let [zCross, zSquares] = [0, 0];
  const candidates = [];
  for (let g2 = 0; g2 < GATES; g2++) {
    if ((state[g2] & 1) !== 0 || state[g2] === 0) continue;
    const weight = later(sum3[g2]);
    if ((state[g2] & 2) !== 0) {
      zCross += weight;
      zSquares += weight * weight;
    }
    if ((state[g2] & 4) === 0) continue;
    let [s, q, m] = [0, 0, 0];
    const ts = Float32Array.from(tLooks, (look) => {
      for (; m < look.units; m++) {
        const x = columns[m][g2];
        s += x;
        q += x * x;
      }
      return tOf(s, q, m);
    });
    candidates.push({ ts, weight });
  }
  return { zCross, zSquares, candidates, tLooks };
}
function changeAt(change, share3) {
  const bounds = change.tLooks.map((look) => tCritical(share3 * look.level, look.units - 1));
  let [tCross, tSquares] = [0, 0];
  for (const { ts, weight } of change.candidates) {
    if (!ts.some((x, i) => x >= bounds[i])) continue;
    tCross += weight;
    tSquares += weight * weight;
  }
  return { delta: (tCross - change.zCross) / GATES, se: Math.sqrt(tSquares + change.zSquares) / GATES };
}
var shareCache = /* @__PURE__ */ new Map();
function tLookShare(alpha, looks) {
  const used = looks.filter((look) => look.units >= 2 && look.level > 0);
  if (!used.some((look) => look.t)) return 1;
  const key = `${alpha}|${used.map((l) => `${l.units}:${l.level}:${l.t ? "t" : "r"}`).join(",")}`;
  const cached = shareCache.get(key);
  if (cached !== void 0) return cached;
  const counts = [...new Set(used.map((look) => look.units))].sort((a, b) => a - b);
  const bounds = counts.map(
    (n) => zBound(Math.max(...used.filter((l) => l.units === n).map((l) => l.level)))
  );
  const proxy = unitCrossing(counts, bounds);
  const lastT = Math.max(...used.filter((look) => look.t).map((look) => look.units));
  const drawn = counts.filter((n) => n <= lastT);
  const later = noLaterCrossing(lastT, counts.slice(drawn.length), bounds.slice(drawn.length));
  const change = changeOf(
    used.filter((look) => look.units <= lastT),
    later
  );
  const atOne = changeAt(change, 1);
  let share3 = 1;
  if (proxy + atOne.delta - 2 * atOne.se > alpha) {
    let [low, high] = [Math.log(1e-6), 0];
    for (let i = 0; i < 24; i++) {
      const mid = (low + high) / 2;
      if (proxy + changeAt(change, Math.exp(mid)).delta > alpha) high = mid;
      else low = mid;
    }
    share3 = Math.exp(low);
  }
  shareCache.set(key, share3);
  return share3;
}

// src/decide/boundary.ts
function isT(pairs, level, restartEvery) {
  return methodFor(unitCount(pairs, restartEvery), level) === "t";
}
function tShare(alpha, looks, restartEvery) {
  const key = `${alpha}|${restartEvery}|${looks.join(",")}`;
  const known = shares.get(key);
  if (known !== void 0) return known;
  const share3 = tLookShare(
    alpha,
    looks.map((pairs) => {
      const level = lookLevel(alpha, looks, pairs);
      const units2 = unitCount(pairs, restartEvery);
      return isT(pairs, level, restartEvery) ? { units: units2, level, t: true } : { units: units2, level: signedRankSize(units2, level), t: false };
    })
  );
  shares.set(key, share3);
  return share3;
}
var shares = /* @__PURE__ */ new Map();
function factorAt(alpha, looks, pairs, restartEvery) {
  return isT(pairs, lookLevel(alpha, looks, pairs), restartEvery) ? tShare(alpha, looks, restartEvery) : 1;
}
function levelAt(alpha, looks, pairs, restartEvery) {
  return lookLevel(alpha, looks, pairs) * factorAt(alpha, looks, pairs, restartEvery);
}
function designP(p, alpha, looks, pairs, restartEvery) {
  const factor = factorAt(alpha, looks, pairs, restartEvery);
  return sequentialP(Math.min(1, p / factor), looks, pairs);
}

// src/decide/rule.ts
var REGRESSION_FLOOR = 0.5;
function higherIsBetter(metric) {
  return metric === "rps";
}
function logThreshold(metric, threshold) {
  return higherIsBetter(metric) ? -Math.log1p(-Math.min(threshold, 0.999)) : Math.log1p(threshold);
}
function logWorse(metric, logRatio) {
  return higherIsBetter(metric) ? -logRatio : logRatio;
}
function changeOfWorse(metric, worse) {
  return Math.expm1(higherIsBetter(metric) ? -worse : worse);
}
function ruleBounds(metric, threshold, floor = REGRESSION_FLOOR) {
  const tau = logThreshold(metric, threshold);
  return {
    worse: { threshold: changeOfWorse(metric, tau), floor: changeOfWorse(metric, floor * tau) },
    better: { threshold: changeOfWorse(metric, -tau), floor: changeOfWorse(metric, -floor * tau) }
  };
}
function ruleVerdict(worse, ci, within, tau, floor) {
  if (!Number.isFinite(worse)) return "inconclusive";
  if (ci[0] > floor * tau && worse >= tau) return "regression";
  if (-ci[1] > floor * tau && -worse >= tau) return "improvement";
  if (within[0] > -tau && within[1] < tau) return "no-change";
  return "inconclusive";
}
function worseScale(metric, ci) {
  const lower = logWorse(metric, Math.log1p(ci[0]));
  const upper = logWorse(metric, Math.log1p(ci[1]));
  return [Math.min(lower, upper), Math.max(lower, upper)];
}
function classify(metric, change, ci, threshold, floor = REGRESSION_FLOOR, within = ci) {
  if (!Number.isFinite(change)) return "inconclusive";
  const worse = logWorse(metric, Math.log1p(change));
  const tau = logThreshold(metric, threshold);
  return ruleVerdict(worse, worseScale(metric, ci), worseScale(metric, within), tau, floor);
}
function clearOfHalf(metric, verdict, ci, threshold) {
  if (verdict !== "regression" && verdict !== "improvement") return false;
  const [worseEnd, betterEnd] = worseScale(metric, ci);
  return (verdict === "regression" ? worseEnd : -betterEnd) >= logThreshold(metric, threshold) / 2;
}
var Z80 = 0.8416212335729143;
function detectableLog(tau, half, critical, floor = REGRESSION_FLOOR) {
  return Math.max(tau, floor * tau + half) + Z80 * half / critical;
}
function detectableChange(metric, logInterval2, critical, threshold, floor = REGRESSION_FLOOR) {
  const [lower, upper] = logInterval2;
  if (!(Number.isFinite(lower) && Number.isFinite(upper) && critical > 0)) return Number.NaN;
  const need = detectableLog(logThreshold(metric, threshold), (upper - lower) / 2, critical, floor);
  return Math.abs(changeOfWorse(metric, need));
}
function leaning(c) {
  return c.verdict === "inconclusive" && c.significant && logWorse(c.metric, Math.log1p(c.change)) >= logThreshold(c.metric, c.threshold);
}

// src/decide/family.ts
var WEIGHTS = {
  rps: 1,
  cpu: 1,
  p50: 1,
  p99: 1.75,
  p99open: 1.75,
  failures: 0.25,
  alloc: 0.1,
  gc: 0.1,
  leak: 0.1
};
function weightOf(metric) {
  return WEIGHTS[metric];
}
function weightsOf(compared) {
  return compared.reduce((w, c) => w + weightOf(c), 0);
}
function stagesOf(stage) {
  return stage === void 0 ? 1 : 2;
}
function decisionAlpha(alpha, stages2 = 1) {
  return alpha / stages2;
}
function comparisonAlpha(alpha, weights, stages2 = 1, weight = 1) {
  return decisionAlpha(alpha, stages2) * weight / weights;
}
function endOf(looks) {
  return looks.length > 1 ? looks[looks.length - 2] : looks[0];
}
function familyOf(d) {
  const decided3 = decisionAlpha(d.alpha, d.stages);
  const alpha = comparisonAlpha(d.alpha, d.weights, d.stages, d.weight);
  const { looks, at, restartEvery } = d;
  const side2 = decided3 / 2;
  return {
    level: levelAt(alpha, looks, at, restartEvery),
    endLevel: levelAt(alpha, looks, endOf(looks), restartEvery),
    equivalence: 2 * equivalenceLevel(side2, looks, at),
    equivalenceEnd: 2 * equivalenceLevel(side2, looks, looks[looks.length - 1]),
    sequential: (p) => designP(p, alpha, looks, at, restartEvery),
    multiplier: multiplierOf(d),
    alpha: decided3,
    floor: d.floor ?? REGRESSION_FLOOR
  };
}
function failureFamilyOf(d) {
  const { looks, at } = d;
  const decided3 = decisionAlpha(d.alpha, d.stages);
  return {
    level: lookLevel(comparisonAlpha(d.alpha, d.weights, d.stages, d.weight), looks, at),
    at,
    multiplier: multiplierOf(d),
    alpha: decided3,
    looks,
    restartEvery: d.restartEvery,
    equivalence: equivalenceLevel(decided3 / 2, looks, at)
  };
}
function multiplierOf(d) {
  return d.weights / (d.weight ?? 1);
}
function adjustedP(p, f, significant) {
  return familyP(f.sequential(p), f.multiplier, f.alpha, significant);
}
function familyP(sequential, multiplier, alpha, significant) {
  const adjusted = Math.min(1, multiplier * sequential);
  return significant ? Math.min(adjusted, alpha) : Math.max(adjusted, alpha * (1 + 1e-9));
}

// src/decide/futility.ts
var NOISE_OPTIMISM = 0.7;
var CHANGE_REACH_SE = 1.5;
function logInterval(c) {
  const [lo, hi] = c.ci;
  const critical = criticalFor(c.units, c.level);
  if (!(Number.isFinite(lo) && Number.isFinite(hi) && lo > -1 && hi > -1 && critical > 0)) return void 0;
  const half = (Math.log1p(hi) - Math.log1p(lo)) / 2;
  return { centre: Math.log1p(c.change), se: half / critical };
}
function unitsAt(c, pairs) {
  return unitCount(pairs, c.unit === "blocks" ? c.processes?.restartEvery ?? 1 : 1);
}
function halfAt(c, se, pairs, level = c.level) {
  const units2 = unitsAt(c, pairs);
  return se * Math.sqrt(c.units / units2) * criticalFor(units2, level);
}
function withinAtLast(c, se, budgetPairs) {
  const { endLevel } = c.equivalence;
  const last = budgetPairs + confirmationPairs(budgetPairs);
  return endLevel > 0 ? halfAt(c, se, last, endLevel) : Number.POSITIVE_INFINITY;
}
function nearlyWithin(c, budgetPairs) {
  const interval = logInterval(c);
  if (interval === void 0) return false;
  const t = logThreshold(c.metric, c.threshold);
  return Math.abs(interval.centre) + NOISE_OPTIMISM * withinAtLast(c, interval.se, budgetPairs) < t;
}
function canResolve(c, pairs, budgetPairs, floor = REGRESSION_FLOOR) {
  const interval = logInterval(c);
  if (interval === void 0 || budgetPairs <= pairs) return true;
  const { centre, se } = interval;
  const t = logThreshold(c.metric, c.threshold);
  const half = se * criticalFor(c.units, c.level);
  const halfEnd = halfAt(c, se, budgetPairs);
  if (!Number.isFinite(halfEnd)) return true;
  const nearest = Math.abs(centre) <= half ? 0 : Math.abs(centre) - half;
  if (nearest + NOISE_OPTIMISM * withinAtLast(c, se, budgetPairs) < t) return true;
  const farthest = Math.abs(centre) + CHANGE_REACH_SE * se;
  return farthest - halfEnd > floor * t && farthest >= t;
}
function pairsToResolve(c, pairs, floor = REGRESSION_FLOOR) {
  const interval = logInterval(c);
  if (interval === void 0 || !(interval.se > 0)) return Number.NaN;
  const t = logThreshold(c.metric, c.threshold);
  const fits = (n2) => {
    const half = halfAt(c, interval.se, n2);
    const se = half / criticalFor(unitsAt(c, n2), c.level);
    return floor * t + half + Z80 * se <= t;
  };
  let n = Math.max(2, pairs);
  while (n < 1e5 && !fits(n)) n = Math.ceil(n * 1.1);
  if (n >= 1e5) return Number.NaN;
  let low = Math.max(2, Math.floor(n / 1.1));
  while (low < n && !fits(low)) low++;
  return low;
}
function futility2(decision, pairs, budgetPairs, floor = REGRESSION_FLOOR) {
  const { comparisons } = decision;
  if (comparisons.length === 0 || budgetPairs <= pairs) return void 0;
  if (decision.errors.some((e) => e.significant)) return void 0;
  if (comparisons.some((c) => c.verdict === "regression" || c.verdict === "improvement")) return void 0;
  const open3 = comparisons.filter((c) => c.verdict === "inconclusive");
  if (open3.length === 0 || open3.some((c) => canResolve(c, pairs, budgetPairs, floor))) return void 0;
  const needs = open3.map((c) => ({ c, needed: pairsToResolve(c, pairs, floor) }));
  if (needs.some(({ needed }) => !Number.isFinite(needed))) return void 0;
  const worst = needs.reduce((a, b) => b.needed > a.needed ? b : a);
  return {
    scenario: worst.c.scenario,
    metric: worst.c.metric,
    threshold: worst.c.threshold,
    noise: worst.c.noise,
    pairs,
    budgetPairs,
    neededPairs: worst.needed
  };
}

// src/decide/settle.ts
function lookOf(rounds, scenario, measured) {
  const own = measured(rounds.filter((r) => r.scenario === scenario));
  return own > 0 ? own : measured(rounds);
}
function decided(c) {
  return c.verdict === "no-change" || c.verdict !== "inconclusive" && c.confirmed;
}
function verdictOf(verdicts) {
  if (verdicts.includes("regression")) return "regression";
  if (verdicts.includes("improvement")) return "improvement";
  return verdicts.every((v) => v === "no-change") ? "no-change" : "inconclusive";
}
function settledAt(decision, open3, pairs) {
  const settled = [];
  for (const scenario of open3) {
    const comparisons = decision.comparisons.filter((c) => c.scenario === scenario);
    const errors = decision.errors.filter((e) => e.scenario === scenario);
    if (comparisons.length === 0 || !comparisons.every(decided)) continue;
    if (errors.some((e) => e.verdict === "inconclusive")) continue;
    const verdict = verdictOf([...comparisons, ...errors].map((c) => c.verdict));
    settled.push({ scenario, verdict, pairs });
  }
  return settled;
}
function openPart(decision, settled) {
  return {
    ...decision,
    comparisons: decision.comparisons.filter((c) => !settled.has(c.scenario)),
    errors: decision.errors.filter((e) => !settled.has(e.scenario))
  };
}

// src/decide/carry-over.ts
function ordersOf(rounds) {
  const starts = /* @__PURE__ */ new Map();
  rounds.forEach((round, index) => {
    const pair2 = starts.get(round.pair) ?? /* @__PURE__ */ new Map();
    const seen = pair2.get(round.scenario);
    if (!seen || round.startedAt < seen.at) pair2.set(round.scenario, { at: round.startedAt, index });
    starts.set(round.pair, pair2);
  });
  const orders = /* @__PURE__ */ new Map();
  for (const [pair2, scenarios] of starts) {
    const sorted = [...scenarios].sort(
      ([, a], [, b]) => a.at < b.at ? -1 : a.at > b.at ? 1 : a.index - b.index
    );
    orders.set(
      pair2,
      sorted.map(([name]) => name)
    );
  }
  return orders;
}
function followersOf(rounds, regressed) {
  const followers = /* @__PURE__ */ new Map();
  for (const [pair2, order] of ordersOf(rounds)) {
    order.forEach((scenario, i) => {
      const before = order[i - 1];
      const own = regressed.get(scenario);
      const previous = before === void 0 ? void 0 : regressed.get(before);
      if (before === void 0 || own === void 0 || previous === void 0 || !(previous > own)) return;
      const follower = followers.get(scenario) ?? { after: before, pairs: /* @__PURE__ */ new Set() };
      if (before < follower.after) follower.after = before;
      follower.pairs.add(pair2);
      followers.set(scenario, follower);
    });
  }
  return followers;
}

// src/model/derived.ts
function metricValue(m, metric) {
  switch (metric) {
    case "rps":
      return m.rps;
    case "cpu":
      return m.serverCpuSec === void 0 || m.responses === 0 ? Number.NaN : m.serverCpuSec / m.responses * 1e6;
    case "p50":
      return m.latencyMs.p50;
    case "p99":
      return m.latencyMs.p99;
    case "p99open":
      return m.paced?.latencyMs.p99 ?? Number.NaN;
    case "alloc":
      return m.memory && m.memory.requests > 0 ? m.memory.allocatedBytes / m.memory.requests : Number.NaN;
    case "gc":
      return m.memory && m.memory.requests > 0 ? m.memory.gcMs / m.memory.requests * 1e3 : Number.NaN;
  }
}
function failures(m, expectStatus) {
  if (expectStatus === void 0) return m.errors + m.timeouts + m.non2xx;
  return m.errors + m.timeouts + m.responses - (m.statusCodes[String(expectStatus)] ?? 0);
}
function expected(code2, expectStatus) {
  return expectStatus === void 0 ? code2.startsWith("2") : code2 === String(expectStatus);
}

// src/decide/compare.ts
var SHOWN = ["p50", "gc"];
var TESTED = METRICS.filter((metric) => !SHOWN.includes(metric));
function memoryMeasured(pairs) {
  const first = pairs[0];
  const counted = (round) => (round.measurement.memory?.requests ?? 0) > 0;
  return first !== void 0 && counted(first.base) && counted(first.head);
}
function testedMetrics(pairs) {
  const open3 = pairs.some(({ base, head: head2 }) => base.measurement.paced && head2.measurement.paced);
  const paced = pairs.length > 0 && generatorPaced(pairs[0]);
  const memory = memoryMeasured(pairs);
  return TESTED.filter(
    (metric) => (metric !== "p99open" || open3) && (metric !== "cpu" || paced) && (metric !== "alloc" || memory)
  );
}
function shownMetrics(pairs) {
  return SHOWN.filter((metric) => metric !== "gc" || memoryMeasured(pairs));
}
function pairsOf(rounds, scenario) {
  const byPair = /* @__PURE__ */ new Map();
  for (const round of rounds) {
    if (round.scenario !== scenario) continue;
    const entry = byPair.get(round.pair) ?? {};
    entry[round.side] = round;
    byPair.set(round.pair, entry);
  }
  const pairs = [];
  for (const [, entry] of [...byPair].sort((a, b) => a[0] - b[0])) {
    if (entry.base && entry.head) pairs.push({ base: entry.base, head: entry.head });
  }
  return pairs;
}
function compareMetric(scenario, metric, pairs) {
  const usable = pairs.filter(({ base: base2, head: head3 }) => {
    const b = metricValue(base2.measurement, metric);
    const h = metricValue(head3.measurement, metric);
    return Number.isFinite(b) && Number.isFinite(h) && b > 0 && h > 0;
  });
  const base = usable.map(({ base: round }) => metricValue(round.measurement, metric));
  const head2 = usable.map(({ head: round }) => metricValue(round.measurement, metric));
  const logRatios = usable.map((_, i) => Math.log(head2[i] / base[i]));
  return {
    scenario,
    metric,
    base: base.length === 0 ? Number.NaN : median2(base),
    pairs: logRatios.length,
    // Too few pairs with a value on both sides (an open loop whose requests all failed has no p99): no noise.
    noise: logRatios.length < 2 ? Number.NaN : sd(logRatios),
    logRatios,
    pairNumbers: usable.map(({ base: round }) => round.pair),
    ...usable.length < pairs.length ? { dropped: pairs.length - usable.length } : {}
  };
}
function showMetric(scenario, metric, pairs) {
  const raw = compareMetric(scenario, metric, pairs);
  const change = raw.pairs === 0 ? Number.NaN : Math.expm1(hodgesLehmann1(raw.logRatios));
  return {
    scenario,
    metric,
    base: raw.base,
    head: raw.base * (1 + change),
    change,
    pairs: raw.pairs,
    noise: raw.noise
  };
}

// src/stats/stratified.ts
function stratifiedMean(runners, level) {
  const k = runners.length;
  const n = runners.reduce((s, u) => s + u.length, 0);
  if (k < 2 || runners.some((u) => u.length === 0) || n <= k)
    throw new RangeError(`a stratified mean needs two runners and more units than runners, got ${k} of ${n}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  const { between: ssBetween, within: ssWithin, df1, df2 } = sumsOfSquares(runners);
  const estimate = mean2(runners.flat());
  const unitVariance = ssWithin / df2;
  const se = Math.sqrt(unitVariance / n);
  const critical = tCritical(level, df2);
  const f = unitVariance > 0 ? ssBetween / df1 / unitVariance : Number.POSITIVE_INFINITY;
  const n0 = (n - runners.reduce((s, u) => s + u.length ** 2, 0) / n) / df1;
  const between = Math.max(0, (ssBetween / df1 - unitVariance) / n0);
  const pF = fSf(f, df1, df2);
  if (se === 0)
    return {
      estimate,
      lower: estimate,
      upper: estimate,
      p: estimate === 0 ? 1 : 0,
      se,
      critical,
      df: df2,
      unitVariance,
      between,
      f,
      pF
    };
  const lower = estimate - critical * se;
  const upper = estimate + critical * se;
  const tested2 = Math.min(1, 2 * studentTSf(Math.abs(estimate) / se, df2));
  const p = pOfInterval(tested2, lower, upper, level);
  return { estimate, lower, upper, p, se, critical, df: df2, unitVariance, between, f, pF };
}

// src/stats/combination.ts
function stageStatistic(runners) {
  const used = runners.filter((u) => u.length > 0);
  const n = used.reduce((s, u) => s + u.length, 0);
  if (used.length === 0 || n - used.length < 1) return void 0;
  if (used.length > 1) {
    const r = stratifiedMean(used, 0.5);
    return { estimate: r.estimate, se: r.se, df: r.df };
  }
  const units2 = used[0];
  return { estimate: mean2(units2), se: sd(units2) / Math.sqrt(n), df: n - 1 };
}
function stageZ(s, delta2) {
  if (s.se === 0) return s.estimate > delta2 ? 40 : s.estimate < delta2 ? -40 : 0;
  const p = studentTSf((s.estimate - delta2) / s.se, s.df);
  return Math.max(-40, Math.min(40, -normalQuantile(Math.max(p, 1e-300))));
}
function solve(z2, target, stages2) {
  const reach = Math.max(...stages2.map((s) => Math.abs(s.estimate) + 80 * (s.se + 1e-12)));
  let [low, high] = [-reach, reach];
  for (let i = 0; i < 64; i++) {
    const mid = (low + high) / 2;
    if (z2(mid) > target) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
function combinationInference(first, second, weights, level) {
  const z2 = (delta2) => weights[0] * stageZ(first, delta2) + weights[1] * stageZ(second, delta2);
  const q = normalQuantile(1 - level / 2);
  const stages2 = [first, second];
  const lower = solve(z2, q, stages2);
  const upper = solve(z2, -q, stages2);
  const at0 = z2(0);
  const tested2 = Math.min(1, 2 * normalCdf(-Math.abs(at0)));
  const p = pOfInterval(tested2, lower, upper, level);
  return { estimate: solve(z2, 0, stages2), lower, upper, p };
}

// src/stats/random-effects.ts
var VARIANCE_FLOOR = 1e-12;
function clusterOf(units2) {
  if (units2.length < 2) throw new RangeError(`a cluster needs at least 2 units, got ${units2.length}`);
  const m = mean2(units2);
  const ss = units2.reduce((sum3, u) => sum3 + (u - m) ** 2, 0);
  return { estimate: m, variance: ss / (units2.length - 1) / units2.length, units: units2.length };
}
function weightedMean(values2, weights) {
  const total = weights.reduce((s, w) => s + w, 0);
  return values2.reduce((s, v, i) => s + v * weights[i], 0) / total;
}
function mostApart(clusters) {
  let best = { index: 0, z: 0, others: Number.NaN };
  clusters.forEach((c, i) => {
    const rest = clusters.filter((_, j) => j !== i);
    const w = rest.map((r) => 1 / Math.max(r.variance, VARIANCE_FLOOR));
    const others = weightedMean(
      rest.map((r) => r.estimate),
      w
    );
    const sw = w.reduce((s, v) => s + v, 0);
    const z2 = (c.estimate - others) / Math.sqrt(Math.max(c.variance, VARIANCE_FLOOR) + 1 / sw);
    if (Math.abs(z2) > Math.abs(best.z) || Number.isNaN(best.others)) best = { index: i, z: z2, others };
  });
  return best;
}

// src/decide/replicas.ts
var RUNNERS_DIFFER_LEVEL = 0.01;
var MIN_RUNNER_UNITS = 2;
var REACH_RUNNERS = [2, 4, 8];
function runnerOf(pair2, starts) {
  let i = 0;
  while (i + 1 < starts.length && starts[i + 1] <= pair2) i++;
  return i;
}
function unitsByRunner(pairNumbers, logRatios, starts, unitsOf3) {
  const pairs = starts.map(() => []);
  const ratios2 = starts.map(() => []);
  pairNumbers.forEach((p, i) => {
    const r = runnerOf(p, starts);
    pairs[r].push(p);
    ratios2[r].push(logRatios[i]);
  });
  return starts.map((_, r) => unitsOf3(pairs[r], ratios2[r]));
}
function inferRunners(perRunner, level, reach) {
  const usable = perRunner.flatMap((u, i) => u.length >= MIN_RUNNER_UNITS ? [i] : []);
  if (usable.length < 2) return void 0;
  const r = stratifiedMean(
    usable.map((i) => perRunner[i]),
    level
  );
  const apart = mostApart(usable.map((i) => clusterOf(perRunner[i])));
  const within = r.unitVariance / (usable.reduce((s, i) => s + perRunner[i].length, 0) / usable.length);
  return {
    inference: { estimate: r.estimate, lower: r.lower, upper: r.upper, p: r.p },
    critical: r.critical,
    spread: {
      // Every runner in order; one with too few units has no change of its own (NaN) and no weight.
      changes: perRunner.map(
        (u) => u.length >= MIN_RUNNER_UNITS ? Math.expm1(clusterOf(u).estimate) : Number.NaN
      ),
      units: perRunner.map((u) => u.length),
      within,
      between: r.between,
      f: r.f,
      pF: r.pF,
      differ: r.pF < RUNNERS_DIFFER_LEVEL,
      apart: usable[apart.index],
      othersChange: Math.expm1(apart.others),
      reach: REACH_RUNNERS.map((runners) => ({
        runners,
        detectable: reachWith(runners, within, level, reach)
      }))
    }
  };
}
function inferMerged(perRunner, level, rule, stages2) {
  const all = inferRunners(perRunner, level, rule);
  if (!stages2) return all && { ...all, method: "stratified" };
  const second = perRunner.slice(stages2.first);
  if (stages2.confirm) {
    const fresh = second.length > 1 ? inferRunners(second, level, rule) : void 0;
    if (fresh) return { ...fresh, spread: { ...fresh.spread, confirmation: true }, method: "stratified" };
    return second.length === 1 ? inferUnits(second[0], level) : void 0;
  }
  const s1 = stageStatistic(perRunner.slice(0, stages2.first));
  const s2 = stageStatistic(second);
  if (!(all && s1 && s2)) return all && { ...all, method: "stratified" };
  return {
    inference: combinationInference(s1, s2, stages2.weights, level),
    critical: normalQuantile(1 - level / 2),
    spread: all.spread,
    method: "combination"
  };
}
function oneRunnerReach(logCi, critical, level, rule) {
  const se = (logCi[1] - logCi[0]) / 2 / critical;
  if (!(Number.isFinite(se) && se > 0)) return void 0;
  return [4, 8].map((runners) => ({
    runners,
    detectable: reachWith(runners, se * se, level, rule)
  }));
}
function reachWith(runners, within, level, rule) {
  const critical = normalQuantile(1 - level / 2);
  const half = critical * Math.sqrt(within / runners);
  const need = detectableLog(logThreshold(rule.metric, rule.threshold), half, critical, rule.floor);
  return Math.abs(changeOfWorse(rule.metric, need));
}

// src/decide/comparison.ts
function processes(entry) {
  const test = blockTest(entry.raw.pairNumbers, entry.raw.logRatios, entry.restartEvery);
  if (test === void 0) return {};
  const { restartEvery } = entry;
  return {
    processes: {
      restartEvery,
      changes: test.changes,
      f: test.f,
      p: test.p,
      differed: test.p < PROCESS_OFFSET_LEVEL
    }
  };
}
function planDetectable(entry, logCi, units2, f) {
  const { raw, looks, restartEvery, threshold } = entry;
  const critical = criticalFor(units2, f.level);
  const end = looks.length > 1 ? looks[looks.length - 2] : looks[0];
  const endUnits = unitCount(end, restartEvery);
  if (!(endUnits > units2) || !Number.isFinite(logCi[0]) || !(critical > 0))
    return detectableChange(raw.metric, logCi, critical, threshold, f.floor);
  const endCritical = criticalFor(endUnits, f.endLevel);
  const half = (logCi[1] - logCi[0]) / 2 / critical * Math.sqrt(units2 / endUnits) * endCritical;
  const centre = (logCi[0] + logCi[1]) / 2;
  return detectableChange(raw.metric, [centre - half, centre + half], endCritical, threshold, f.floor);
}
function inferEntry(entry, units2, f) {
  const { logRatios, pairNumbers, metric } = entry.raw;
  if (entry.runners && entry.runners.length > 1) {
    const perRunner = unitsByRunner(
      pairNumbers,
      logRatios,
      entry.runners,
      (p, r) => unitsOf(p, r, entry.restartEvery)
    );
    const rule = { metric, threshold: entry.threshold, floor: f.floor };
    const merged = inferMerged(perRunner, f.level, rule, entry.stages);
    if (merged) return merged;
  }
  return inferUnits(units2, f.level);
}
function oneRunner(inferred, logCi, metric, threshold, f) {
  if (!inferred || inferred.method === "stratified" || inferred.method === "combination") return {};
  const reach = oneRunnerReach(logCi, inferred.critical, f.level, { metric, threshold, floor: f.floor });
  return reach ? { reach } : {};
}
function equivalenceInterval(entry, units2, f) {
  const inferred = f.equivalence > 0 ? inferEntry(entry, units2, { ...f, level: f.equivalence }) : void 0;
  if (!inferred) return [Number.NaN, Number.NaN];
  return [Math.expm1(inferred.inference.lower), Math.expm1(inferred.inference.upper)];
}
function finish(entry, f) {
  const { logRatios, pairNumbers, ...raw } = entry.raw;
  const { threshold, restartEvery } = entry;
  const units2 = unitsOf(pairNumbers, logRatios, restartEvery, entry.at);
  const inferred = inferEntry(entry, units2, f);
  const nan = Number.NaN;
  const logCi = inferred ? [inferred.inference.lower, inferred.inference.upper] : [nan, nan];
  const ci = [Math.expm1(logCi[0]), Math.expm1(logCi[1])];
  const estimate = inferred?.inference.estimate ?? (units2.length === 1 ? units2[0] : nan);
  const change = Math.expm1(estimate);
  const significant = excludesZero(logCi[0], logCi[1]);
  const p = inferred?.inference.p ?? 1;
  const within = equivalenceInterval(entry, units2, f);
  const verdict = classify(raw.metric, change, ci, threshold, f.floor, within);
  return {
    ...raw,
    head: raw.base * (1 + change),
    unit: unitOf(restartEvery),
    units: units2.length,
    method: inferred?.method ?? "t",
    change,
    ...inferred && "spread" in inferred ? { runners: inferred.spread } : processes(entry),
    ...oneRunner(inferred, logCi, raw.metric, threshold, f),
    threshold,
    bounds: ruleBounds(raw.metric, threshold, f.floor),
    ci,
    level: f.level,
    equivalence: { ci: within, level: f.equivalence, endLevel: f.equivalenceEnd },
    p,
    pAdjusted: adjustedP(p, f, significant),
    significant,
    confirmed: clearOfHalf(raw.metric, verdict, ci, threshold),
    detectable: inferred?.method === "stratified" || inferred?.method === "combination" ? detectableChange(raw.metric, logCi, inferred.critical, threshold, f.floor) : planDetectable(entry, logCi, units2.length, f),
    worse: logWorse(raw.metric, Math.log1p(change)) > 0,
    verdict,
    ...entry.carryOver ? { carryOver: entry.carryOver } : {}
  };
}

// src/stats/binomial.ts
var SUMMED_TRIALS = 1e4;
var RELATIVE_TOLERANCE = 1e-7;
function lnPmf(k, n, p) {
  return lnGamma(n + 1) - lnGamma(k + 1) - lnGamma(n - k + 1) + k * Math.log(p) + (n - k) * Math.log1p(-p);
}
function binomialTestP(k, n, p) {
  if (!(Number.isInteger(k) && Number.isInteger(n) && k >= 0 && k <= n)) {
    throw new RangeError(`binomial test needs integers 0 \u2264 k \u2264 n, got k ${k}, n ${n}`);
  }
  if (!(p >= 0 && p <= 1)) throw new RangeError(`binomial test needs p in [0, 1], got ${p}`);
  if (n === 0) return 1;
  if (p === 0) return k === 0 ? 1 : 0;
  if (p === 1) return k === n ? 1 : 0;
  const observed = lnPmf(k, n, p) + Math.log1p(RELATIVE_TOLERANCE);
  if (n > SUMMED_TRIALS) return Math.min(1, tails(k, n, p, observed));
  let total = 0;
  for (let i = 0; i <= n; i++) {
    const ln = lnPmf(i, n, p);
    if (ln <= observed) total += Math.exp(ln);
  }
  return Math.min(1, total);
}
function cdf(k, n, p) {
  if (k < 0) return 0;
  if (k >= n) return 1;
  return regularizedIncompleteBeta(1 - p, n - k, k + 1, p);
}
function tails(k, n, p, observed) {
  const mode = n * p;
  if (k === mode) return 1;
  if (k < mode) {
    let lo2 = Math.ceil(mode);
    let hi2 = n + 1;
    while (lo2 < hi2) {
      const mid = Math.floor((lo2 + hi2) / 2);
      if (lnPmf(mid, n, p) <= observed) hi2 = mid;
      else lo2 = mid + 1;
    }
    return cdf(k, n, p) + (1 - cdf(lo2 - 1, n, p));
  }
  let lo = -1;
  let hi = Math.floor(mode);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (lnPmf(mid, n, p) <= observed) lo = mid;
    else hi = mid - 1;
  }
  return cdf(lo, n, p) + (1 - cdf(k - 1, n, p));
}
function conditionalRateTestP(headEvents, headExposure, baseEvents, baseExposure) {
  const total = headEvents + baseEvents;
  if (total === 0 || headExposure + baseExposure <= 0) return 1;
  return binomialTestP(headEvents, total, headExposure / (headExposure + baseExposure));
}

// src/stats/overdispersion.ts
var sum2 = (xs) => xs.reduce((a, b) => a + b, 0);
function pearson(side2) {
  const events = sum2(side2.events);
  const exposure = sum2(side2.exposures);
  if (events === 0 || exposure <= 0) return { chi2: 0, df: 0 };
  const rate2 = events / exposure;
  let chi2 = 0;
  let units2 = 0;
  side2.exposures.forEach((e, i) => {
    if (!(e > 0)) return;
    const expected2 = rate2 * e;
    chi2 += (side2.events[i] - expected2) ** 2 / expected2;
    units2++;
  });
  return { chi2, df: units2 - 1 };
}
function dispersionOf(head2, base) {
  const h = pearson(head2);
  const b = pearson(base);
  const df = h.df + b.df;
  return { dispersion: df > 0 ? Math.max(1, (h.chi2 + b.chi2) / df) : 1, df };
}
function quasiT(headEvents, total, head2, base, dispersion, df) {
  if (total === 0 || df < 1) return total === 0 ? 1 : 0;
  const share3 = sum2(head2.exposures) / (sum2(head2.exposures) + sum2(base.exposures));
  const t = (headEvents - total * share3) / Math.sqrt(dispersion * total * share3 * (1 - share3));
  return Math.min(1, 2 * studentTSf(Math.abs(t), df));
}
var unitsOf2 = (side2) => side2.exposures.filter((e) => e > 0).length;
function overdispersedRateTest(head2, base) {
  if (unitsOf2(head2) < 2 || unitsOf2(base) < 2) return { p: 1, dispersion: 1, df: 0 };
  const { dispersion, df } = dispersionOf(head2, base);
  const headEvents = sum2(head2.events);
  const total = headEvents + sum2(base.events);
  const effective = Math.floor(total / dispersion + 1e-9);
  const headEffective = total === 0 ? 0 : Math.round(effective * headEvents / total);
  const exact = conditionalRateTestP(
    headEffective,
    sum2(head2.exposures),
    effective - headEffective,
    sum2(base.exposures)
  );
  return { p: Math.max(exact, quasiT(headEvents, total, head2, base, dispersion, df)), dispersion, df };
}

// src/stats/poisson-bounds.ts
function solve2(f, target, high) {
  let [low, up] = [0, high];
  for (let i = 0; i < 80; i++) {
    const mid = (low + up) / 2;
    if (f(mid) > target) low = mid;
    else up = mid;
  }
  return (low + up) / 2;
}
function poissonUpper(count4, tail2) {
  const high = count4 + 20 + 20 * Math.sqrt(count4 + 1) - Math.log(tail2);
  return solve2((lambda) => chiSquareSf(2 * lambda, 2 * count4 + 2), tail2, high);
}
function poissonLower(count4, tail2) {
  if (!(count4 > 0)) return 0;
  return solve2((lambda) => chiSquareSf(2 * lambda, 2 * count4), 1 - tail2, count4);
}

// src/decide/failures.ts
function emptySide() {
  return { failures: 0, requests: 0, classes: { timeouts: 0, connectionErrors: 0, statuses: {} } };
}
function add(side2, m, expectStatus) {
  side2.failures += failures(m, expectStatus);
  side2.requests += m.responses + m.errors + m.timeouts;
  side2.classes.timeouts += m.timeouts;
  side2.classes.connectionErrors += m.errors;
  for (const [code2, count4] of Object.entries(m.statusCodes)) {
    if (!expected(code2, expectStatus))
      side2.classes.statuses[code2] = (side2.classes.statuses[code2] ?? 0) + count4;
  }
}
var FAILURE_MARGIN = 1e-3;
function rateDifference(head2, base, dispersion, level) {
  if (!(level > 0 && head2.requests > 0 && base.requests > 0)) return [-Infinity, Infinity];
  const tail2 = level / 2;
  const rate2 = (side2, bound2) => bound2(side2.failures / dispersion, tail2) / (side2.requests / dispersion);
  return [
    rate2(head2, poissonLower) - rate2(base, poissonUpper),
    rate2(head2, poissonUpper) - rate2(base, poissonLower)
  ];
}
function perUnit(pairs, restartEvery, expectStatus) {
  const blocks = unitOf(restartEvery) === "blocks";
  const units2 = /* @__PURE__ */ new Map();
  for (const pair2 of pairs) {
    const key = blocks ? Math.floor(pair2.base.pair / restartEvery) : pair2.base.pair;
    const unit2 = units2.get(key) ?? { base: emptySide(), head: emptySide() };
    add(unit2.base, pair2.base.measurement, expectStatus);
    add(unit2.head, pair2.head.measurement, expectStatus);
    units2.set(key, unit2);
  }
  const ordered = [...units2].sort((a, b) => a[0] - b[0]).map(([, unit2]) => unit2);
  const side2 = (s) => ({
    events: ordered.map((u) => u[s].failures),
    exposures: ordered.map((u) => u[s].requests)
  });
  return { base: side2("base"), head: side2("head") };
}
function compareFailures(scenario, pairs, family) {
  const base = emptySide();
  const head2 = emptySide();
  for (const pair2 of pairs) {
    add(base, pair2.base.measurement, scenario.expectStatus);
    add(head2, pair2.head.measurement, scenario.expectStatus);
  }
  const units2 = perUnit(pairs, family.restartEvery ?? 0, scenario.expectStatus);
  const test = overdispersedRateTest(units2.head, units2.base);
  const p = test.p;
  const significant = p <= family.level;
  const sequential = sequentialP(p, family.looks, family.at);
  const pAdjusted = familyP(sequential, family.multiplier, family.alpha, significant);
  const headRate = head2.requests === 0 ? 0 : head2.failures / head2.requests;
  const baseRate = base.requests === 0 ? 0 : base.failures / base.requests;
  const within = rateDifference(head2, base, test.dispersion, family.equivalence);
  const equivalent = within[0] >= -FAILURE_MARGIN && within[1] <= FAILURE_MARGIN;
  return {
    scenario: scenario.name,
    baseFailures: base.failures,
    baseResponses: base.requests,
    headFailures: head2.failures,
    headResponses: head2.requests,
    headStatus: head2.classes.statuses,
    classes: { base: base.classes, head: head2.classes },
    unit: unitOf(family.restartEvery ?? 0),
    units: units2.head.events.length,
    incidents: {
      base: units2.base.events.filter((n) => n > 0).length,
      head: units2.head.events.filter((n) => n > 0).length
    },
    dispersion: test.dispersion,
    level: family.level,
    p,
    pAdjusted,
    significant,
    within,
    margin: FAILURE_MARGIN,
    verdict: significant ? headRate > baseRate ? "regression" : "improvement" : equivalent ? "no-change" : "inconclusive"
  };
}

// src/decide/leak.ts
var LEAK_THRESHOLD = 1024 * 1024 / 1e5;
function blockOf(pair2, restartEvery) {
  return restartEvery >= 2 ? Math.floor(pair2 / restartEvery) : pair2;
}
function leakTested(rounds, scenarios, restartEvery) {
  const first = rounds.filter((r) => r.pair === 0);
  const readings = restartEvery >= 2 || scenarios >= 2;
  return readings && first.some((r) => r.side === "head") && first.some((r) => r.side === "base") && first.every((r) => r.measurement.memory?.retainedBytes !== void 0);
}
function slope(points) {
  if (points.length < 2) return void 0;
  const mx = mean2(points.map((p) => p[0]));
  const my = mean2(points.map((p) => p[1]));
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  return sxx > 0 ? sxy / sxx : void 0;
}
function blockSlopes(rounds, restartEvery, measured) {
  const blocks = /* @__PURE__ */ new Map();
  for (const r of rounds) {
    const memory = r.measurement.memory;
    if (memory?.retainedBytes === void 0) continue;
    const block = blockOf(r.pair, restartEvery);
    if (restartEvery >= 2 && (block + 1) * restartEvery > measured) continue;
    const entry = blocks.get(block) ?? { base: [], head: [] };
    entry[r.side].push([memory.served, memory.retainedBytes]);
    blocks.set(block, entry);
  }
  const out = [];
  for (const [, sides] of [...blocks].sort((a, b) => a[0] - b[0])) {
    const base = slope(sides.base);
    const head2 = slope(sides.head);
    if (base === void 0 || head2 === void 0) continue;
    const requests = Math.max(...sides.head.map((p) => p[0]), ...sides.base.map((p) => p[0]));
    out.push({ base, head: head2, requests });
  }
  return out;
}
function compareLeak(rounds, restartEvery, measured, f, threshold = LEAK_THRESHOLD) {
  const blocks = blockSlopes(rounds, restartEvery, measured);
  if (blocks.length === 0) return void 0;
  const units2 = blocks.map((b) => b.head - b.base);
  const inferred = inferUnits(units2, f.level);
  const nan = Number.NaN;
  const ci = inferred ? [inferred.inference.lower, inferred.inference.upper] : [nan, nan];
  const change = inferred?.inference.estimate ?? units2[0];
  const equivalent = f.equivalence > 0 ? inferUnits(units2, f.equivalence) : void 0;
  const within = equivalent ? [equivalent.inference.lower, equivalent.inference.upper] : [nan, nan];
  const significant = excludesZero(ci[0], ci[1]);
  return {
    units: units2.length,
    base: median2(blocks.map((b) => b.base)),
    head: median2(blocks.map((b) => b.head)),
    change,
    ci,
    level: f.level,
    equivalence: { ci: within, level: f.equivalence },
    threshold,
    requests: mean2(blocks.map((b) => b.requests)),
    pAdjusted: adjustedP(inferred?.inference.p ?? 1, f, significant),
    method: inferred?.method ?? "t",
    verdict: ruleVerdict(change, ci, within, threshold, f.floor)
  };
}

// src/decide/verdict.ts
function thresholdOf(metric, options, scenario) {
  if (metric === "alloc" || metric === "gc") return options.memoryThreshold ?? options.threshold;
  return metric === "rps" || metric === "cpu" ? scenario?.threshold ?? options.threshold : options.latencyThreshold ?? options.threshold;
}
function resolved(decision) {
  const leaks = decision.leaks ?? [];
  if (decision.errors.some((e) => e.verdict === "regression")) return true;
  if (leaks.some((l) => l.verdict === "regression")) return true;
  if (decision.comparisons.some((c) => c.verdict === "regression" && c.confirmed)) return true;
  return decision.comparisons.every(
    (c) => c.verdict === "no-change" || c.verdict === "improvement" && c.confirmed
  ) && leaks.every((l) => l.verdict === "no-change" || l.verdict === "improvement");
}
function decide(rounds, scenarios, options) {
  return decideGroups(
    [{ rounds, scenarios, looks: options.looks ?? [], restartEvery: options.restartEvery ?? 0 }],
    options
  );
}
function pairsMeasured(rounds) {
  return rounds.reduce((most, r) => Math.max(most, r.pair + 1), 0);
}
function collect(groups, options, followers) {
  const entries = [];
  const scenarios = [];
  const shown2 = [];
  groups.forEach((g2, group) => {
    const looks = g2.looks.length > 0 ? g2.looks : [1];
    const restartEvery = g2.restartEvery ?? 0;
    for (const scenario of g2.scenarios) {
      const at = lookOf(g2.rounds, scenario.name, pairsMeasured);
      const all = pairsOf(g2.rounds, scenario.name);
      const follower = followers?.[group]?.get(scenario.name);
      const pairs = follower ? all.filter((p) => !follower.pairs.has(p.base.pair)) : all;
      const carryOver = follower && { after: follower.after, pairs: follower.pairs.size };
      scenarios.push({ scenario, pairs: all, looks, at, restartEvery });
      for (const metric of testedMetrics(all)) {
        const raw = compareMetric(scenario.name, metric, pairs);
        const threshold = thresholdOf(metric, options, scenario);
        entries.push({
          raw,
          looks,
          at,
          restartEvery,
          threshold,
          runners: g2.runners,
          stages: g2.stages,
          ...carryOver ? { carryOver } : {}
        });
      }
      shown2.push(...shownMetrics(all).map((metric) => showMetric(scenario.name, metric, pairs)));
    }
  });
  return { entries, scenarios, shown: shown2 };
}
function decideGroups(groups, options) {
  const first = decideOnce(groups, options);
  const regressed = /* @__PURE__ */ new Map();
  for (const c of first.comparisons) {
    if (c.verdict !== "regression") continue;
    const thresholds = logWorse(c.metric, Math.log1p(c.change)) / Math.abs(Math.log1p(c.threshold));
    regressed.set(c.scenario, Math.max(regressed.get(c.scenario) ?? 0, thresholds));
  }
  if (regressed.size < 2) return first;
  const followers = groups.map((g2) => followersOf(g2.rounds, regressed));
  if (followers.every((f) => f.size === 0)) return first;
  return decideOnce(groups, options, followers);
}
function decideOnce(groups, options, followers) {
  const { entries, scenarios, shown: shown2 } = collect(groups, options, followers);
  const leakGroups = groups.filter((g2) => leakTested(g2.rounds, g2.scenarios.length, g2.restartEvery ?? 0));
  const compared = [...entries.map((e) => e.raw.metric), ...scenarios.map(() => "failures")];
  const weights = weightsOf([...compared, ...leakGroups.map(() => "leak")]);
  const design = { alpha: options.alpha, stages: options.stages, weights, floor: options.floor };
  const family = ({ looks, at, restartEvery }, weight) => familyOf({ ...design, weight, looks, at, restartEvery });
  const comparisons = entries.map((entry) => finish(entry, family(entry, weightOf(entry.raw.metric))));
  const errors = scenarios.map(
    ({ scenario, pairs, looks, at, restartEvery }) => compareFailures(
      scenario,
      pairs,
      failureFamilyOf({ ...design, weight: weightOf("failures"), looks, at, restartEvery })
    )
  );
  const leaks = leakGroups.flatMap((g2) => {
    const at = pairsMeasured(g2.rounds);
    const restartEvery = g2.restartEvery ?? 0;
    const looks = g2.looks.length > 0 ? g2.looks : [1];
    return compareLeak(g2.rounds, restartEvery, at, family({ looks, at, restartEvery }, weightOf("leak"))) ?? [];
  });
  return {
    verdict: overall(comparisons, errors, leaks),
    comparisons,
    errors,
    shown: shown2,
    ...leaks.length > 0 ? { leaks } : {},
    alpha: decisionAlpha(options.alpha, options.stages),
    threshold: options.threshold,
    latencyThreshold: options.latencyThreshold ?? options.threshold,
    memoryThreshold: options.memoryThreshold ?? options.threshold,
    rule: { floor: options.floor ?? REGRESSION_FLOOR }
  };
}
function overall(comparisons, errors, leaks) {
  const all = [...comparisons, ...errors, ...leaks].map((c) => c.verdict);
  if (all.includes("regression")) return "regression";
  if (all.includes("improvement")) return "improvement";
  if (all.every((v) => v === "no-change")) return "no-change";
  return "inconclusive";
}

// src/gate/loop.ts
function pooled(rule) {
  return (rule.replica?.count ?? 1) > 1 || rule.stage === 2;
}
var MIN_UNITS = 3;
function leastPairs(restartEvery) {
  const pairs = MIN_UNITS * Math.max(1, restartEvery);
  return pairs + pairs % 2;
}
var Loop = class {
  rounds = [];
  looked = [];
  /** Scenarios settled, by name: no pair after their look measures them. */
  settled = /* @__PURE__ */ new Map();
  /** The looks still ahead: moved earlier when the budget runs short. */
  looks;
  pairs = 0;
  decision;
  futile;
  #source;
  #plan;
  #rule;
  /** Pairs that share their server processes (0: a fresh process per round; 0 or 1: none share). */
  #restartEvery;
  constructor(source2, plan, rule) {
    this.#source = source2;
    this.#plan = plan;
    this.#rule = rule;
    this.#restartEvery = plan.processes.mode === "blocks" ? plan.processes.restartEvery : 0;
    this.looks = [...plan.looks];
  }
  get adaptive() {
    return this.#plan.fixedPairs === void 0;
  }
  async measure() {
    const blockStart = this.pairs > 0 && this.#restartEvery > 0 && this.pairs % this.#restartEvery === 0;
    if (blockStart && this.#source.startBlock && !await this.#source.startBlock(this.pairs)) return false;
    const pair2 = await this.#source.next(this.pairs);
    if (!pair2) return false;
    this.rounds.push(...pair2.filter((r) => !this.settled.has(r.scenario)));
    this.pairs++;
    return true;
  }
  look() {
    this.looked.push(this.pairs);
    const { threshold, latencyThreshold, memoryThreshold, alpha, floor } = this.#rule;
    return decide(this.rounds, this.#source.scenarios(), {
      threshold,
      ...latencyThreshold === void 0 ? {} : { latencyThreshold },
      ...memoryThreshold === void 0 ? {} : { memoryThreshold },
      alpha,
      stages: stagesOf(this.#rule.stage),
      looks: this.#plan.schedule,
      restartEvery: this.#restartEvery,
      ...floor === void 0 ? {} : { floor }
    });
  }
  /**
   * The scenarios this look settles stop being measured: from the next pair on, their time goes to the scenarios
   * still open, and each is decided as it was here (its own last pair is this look's, src/decide/verdict.ts). Only
   * at a look that ends a unit, so that no block of pairs on the same processes mixes two shares of the pair, and
   * only in a gate that decides alone (a replica's or a stage's pairs are pooled with other runners').
   */
  settle(decision) {
    const { replica, stage } = this.#rule;
    const alone = (replica?.count ?? 1) === 1 && stage === void 0;
    if (!alone || this.pairs % Math.max(1, this.#restartEvery) !== 0) return;
    const open3 = this.#source.scenarios().map((s) => s.name).filter((name) => !this.settled.has(name));
    const now = settledAt(decision, open3, this.pairs);
    if (now.length === 0 || now.length === open3.length) return;
    for (const s of now) this.settled.set(s.scenario, s);
    this.#source.settle?.(now.map((s) => s.scenario));
  }
  /** What is still open of a decision: the scenarios not settled. */
  open(decision) {
    return openPart(decision, new Set(this.settled.keys()));
  }
  /**
   * Out of budget before the next look: that look moves to the most pairs (an even count) the budget still buys,
   * but never below the pairs of MIN_UNITS units while the time limit has them (so that a gate starved by a slow
   * head still ends with an interval); with none left, the loop looks once more now and stops. The schedule the
   * p-values count stays as planned.
   */
  fitBudget() {
    const nextLook = this.looks.find((n) => n > this.pairs);
    if (nextLook === void 0) return void 0;
    const budgetMs = this.#plan.budgetSec * 1e3;
    const limitMs = this.#plan.limitSec * 1e3;
    const perPair = this.#source.perPairMs();
    const elapsed = this.#source.elapsedMs();
    if (elapsed + (nextLook - this.pairs) * perPair <= budgetMs || this.pairs < 2) return void 0;
    const fit = this.pairs + Math.max(0, Math.floor((budgetMs - elapsed) / perPair));
    const fits = fit - fit % 2;
    const least = leastPairs(this.#restartEvery);
    const reach = least <= nextLook && elapsed + (least - this.pairs) * perPair <= limitMs;
    const moved = fits < least && reach ? least : fits;
    if (moved > this.pairs) {
      this.looks = [...this.looks.filter((n) => n <= this.pairs), moved];
      return void 0;
    }
    if (this.looked[this.looked.length - 1] !== this.pairs) this.decision = this.look();
    return "budget";
  }
  /** Pairs, and looks where planned, until resolved, out of pairs or scenarios, or at the last look. */
  async run() {
    for (; ; ) {
      if (this.#source.scenarios().length === 0) return "no-scenarios";
      if (this.pairs >= this.looks[this.looks.length - 1]) return this.adaptive ? "budget" : "fixed";
      if (!await this.measure()) return "deadline";
      if (this.adaptive && this.looks.includes(this.pairs) && !pooled(this.#rule)) {
        this.decision = this.look();
        if (resolved(this.decision)) return "resolved";
        this.settle(this.decision);
        if (!isEarlyLook(this.pairs, this.#plan.schedule) && this.#rule.stage === void 0) {
          this.futile = futility2(
            this.open(this.decision),
            this.pairs,
            this.looks[this.looks.length - 1],
            this.#rule.floor
          );
          if (this.futile) return "noise";
        }
      }
      const stop = this.adaptive ? this.fitBudget() : void 0;
      if (stop !== void 0) return stop;
    }
  }
  /**
   * A borderline regression, a comparison leaning to one, or a gate whose every open comparison leans to no change
   * gets more pairs, two at a time, within the time limit: how many it got. The look after them is in the schedule
   * every p-value and equivalence bound counts.
   */
  async confirm() {
    const d = this.decision;
    const borderline = d !== void 0 && (d.verdict === "regression" && !resolved(d) || d.comparisons.some(leaning) || nearlyNoChange(d, this.pairs)) && !d.errors.some((e) => e.verdict === "regression");
    if (!this.adaptive || !borderline || pooled(this.#rule)) return 0;
    const want = confirmationPairs(this.pairs);
    const perPair = this.#source.perPairMs();
    let extra = 0;
    while (extra < want && this.#source.elapsedMs() + 2 * perPair <= this.#plan.limitSec * 1e3) {
      if (!await this.measure() || !await this.measure()) break;
      extra += 2;
    }
    if (extra > 0) this.decision = this.look();
    return extra;
  }
};
function nearlyNoChange(d, pairs) {
  if (d.verdict !== "inconclusive" || d.errors.some((e) => e.significant)) return false;
  return d.comparisons.every((c) => c.verdict === "no-change" || nearlyWithin(c, pairs));
}
async function measurePairs(source2, plan, rule) {
  const loop = new Loop(source2, plan, rule);
  const stoppedBy = await loop.run();
  if (source2.scenarios().length > 0 && loop.looked[loop.looked.length - 1] !== loop.pairs && loop.pairs >= 2)
    loop.decision = loop.look();
  const extra = stoppedBy === "noise" ? 0 : await loop.confirm();
  const { rounds, decision, pairs, looked, futile } = loop;
  return {
    rounds,
    decision,
    pairs,
    looked,
    schedule: [...plan.schedule],
    stoppedBy,
    confirmationPairs: extra,
    ...futile ? { futility: futile } : {},
    settled: [...loop.settled.values()]
  };
}

// src/gate/moved-port.ts
async function startFirstBlock(ctx, notes2) {
  const { clock, costs, log } = ctx;
  const started = clock.now();
  try {
    await startBlockServers(ctx, 0);
    return true;
  } catch (error) {
    if (!(error instanceof PortNotMovedError)) throw error;
    costs.primingMs += clock.now() - started;
    const note = { kind: "port-not-moved", port: error.fixed };
    notes2.push(note);
    log.warning({ kind: "note", note });
    log.info({ kind: "error-output", message: error.message, output: error.output });
    return false;
  }
}

// src/decide/plan-check.ts
var PLAN_NOISE = 0.03;
var RESOLVE_MULTIPLE = 2;
function schedule(input, design, weights, pairs, lookFactor) {
  const once = input.fixedPairs !== void 0 || (input.runners ?? 1) > 1;
  const planned = once ? [input.fixedPairs ?? pairs] : [...earlyLookPoints(pairs, design.restartEvery), ...planLooks(pairs)];
  const last = planned[planned.length - 1];
  const looks = once ? planned : [...planned, last + confirmationPairs(last)];
  const bonferroni = comparisonAlpha(input.alpha, weights, input.stages);
  return {
    looks,
    level: lookFactor === void 0 ? perLookLevel(bonferroni, looks) : lookFactor * bonferroni
  };
}
function detectableAt(input, design, pairs, level, noise) {
  const units2 = unitCount(pairs, design.restartEvery) * (input.runners ?? 1);
  const critical = criticalFor(units2, level);
  if (!(critical > 0)) return Number.NaN;
  const perUnit2 = unitOf(design.restartEvery) === "blocks" ? noise / Math.sqrt(design.restartEvery) : noise;
  const half = critical * perUnit2 / Math.sqrt(units2);
  return Math.abs(changeOfWorse("rps", detectableLog(logThreshold("rps", input.threshold), half, critical)));
}
function evaluate(input, design, budgetSec, noise, lookFactor) {
  const comparisons = design.scenarios * input.perScenario.length;
  const weights = design.scenarios * weightsOf(input.perScenario);
  const pairs = input.fixedPairs ?? Math.max(0, Math.floor(budgetSec / input.pairSec(design)));
  const { looks, level } = schedule(input, design, weights, Math.max(2, pairs), lookFactor);
  const lastPairs = input.fixedPairs ?? (looks.length > 1 ? looks[looks.length - 2] : looks[0]);
  return {
    comparisons,
    weights,
    looks,
    level,
    pairs: lastPairs,
    detectable: detectableAt(input, design, lastPairs, level, noise)
  };
}
var resolvesAt = (input, detectable) => detectable <= RESOLVE_MULTIPLE * input.threshold;
function neededBudget(fits, design, budgetSec) {
  let high = budgetSec;
  while (!fits(design, high)) {
    high *= 2;
    if (high > 64 * budgetSec) return void 0;
  }
  let low = high / 2;
  while (high - low > 1) {
    const mid = (low + high) / 2;
    if (fits(design, mid)) high = mid;
    else low = mid;
  }
  for (let i = 0; i < 20 && !fits(design, high, true); i++) high *= 1.05;
  return Math.ceil(high);
}
function advise(input, noise, level, weights) {
  if (input.fixedPairs !== void 0) return void 0;
  const lookFactor = level / comparisonAlpha(input.alpha, weights, input.stages);
  const fits = (design, sec, exact = false) => resolvesAt(input, evaluate(input, design, sec, noise, exact ? void 0 : lookFactor).detectable);
  const budgetSec = neededBudget(fits, input, input.budgetSec);
  const options = [1, 2, 4].filter((value2) => value2 !== input.restartEvery).map((value2) => ({
    value: value2,
    budgetSec: neededBudget(fits, { ...input, restartEvery: value2 }, input.budgetSec)
  })).filter((o) => o.budgetSec !== void 0).sort((a, b) => a.budgetSec - b.budgetSec);
  let scenariosPerGate = input.scenarios;
  while (scenariosPerGate > 0 && !fits({ ...input, scenarios: scenariosPerGate }, input.budgetSec))
    scenariosPerGate--;
  while (scenariosPerGate > 0 && !fits({ ...input, scenarios: scenariosPerGate }, input.budgetSec, true))
    scenariosPerGate--;
  const better = options[0];
  return {
    ...budgetSec === void 0 ? {} : { budgetSec },
    ...better === void 0 || budgetSec !== void 0 && better.budgetSec >= budgetSec ? {} : { restartEvery: better },
    scenariosPerGate
  };
}
function planCheck(input) {
  const noise = input.noise ?? PLAN_NOISE;
  const { comparisons, weights, looks, level, pairs, detectable } = evaluate(
    input,
    input,
    input.budgetSec,
    noise
  );
  const runners = input.runners ?? 1;
  const units2 = unitCount(pairs, input.restartEvery) * runners;
  const resolves = resolvesAt(input, detectable);
  const advice = resolves ? void 0 : advise(input, noise, level, weights);
  return {
    comparisons,
    level,
    looks,
    runners,
    unit: unitOf(input.restartEvery),
    pairs,
    units: units2,
    method: methodFor(units2, level),
    noise,
    threshold: input.threshold,
    canDecide: units2 >= 2,
    detectable,
    resolves,
    ...advice === void 0 ? {} : { advice }
  };
}

// src/gate/plan-check.ts
function perScenario(config) {
  return [
    "rps",
    "p99",
    "failures",
    ...config.openLoop === void 0 ? [] : ["p99open"],
    "alloc",
    "leak"
  ];
}
function checkPlan(config, plan, startSec) {
  const restartEvery = plan ? blocksOf(plan)?.restartEvery ?? 0 : config.restartEvery;
  return planCheck({
    scenarios: config.scenarioCount,
    restartEvery,
    perScenario: perScenario(config),
    alpha: config.alpha,
    stages: stagesOf(config.stage),
    // A first stage decides alone; replicas (and a second stage's runners) are decided once, merged.
    runners: config.stage === 1 ? 1 : config.replica?.count ?? 1,
    threshold: config.threshold,
    budgetSec: config.budgetMs / 1e3,
    ...config.pairs === void 0 ? {} : { fixedPairs: config.pairs },
    // The plan's own cost for its design (its turns from the first block's rates); other designs projected, for
    // this gate's share of the scenarios when it is one shard of several.
    pairSec: (design) => plan && design.restartEvery === restartEvery && design.scenarios === config.scenarioCount ? plan.pairSec : projectedPairSec(
      config,
      {
        ...design,
        scenarios: Math.max(
          1,
          Math.round(design.scenarios * config.scenarios.length / config.scenarioCount)
        )
      },
      startSec
    )
  });
}

// src/gate/first-pair.ts
function failureRate(rounds, expectStatus) {
  let failed2 = 0;
  let total = 0;
  for (const r of rounds) {
    failed2 += failures(r.measurement, expectStatus);
    total += r.measurement.responses + r.measurement.errors + r.measurement.timeouts;
  }
  return total === 0 ? 1 : failed2 / total;
}
function checkFirstPair(config, scenarios, rounds, log) {
  const found = [];
  for (const scenario of scenarios) {
    const of = (side2) => rounds.filter((r) => r.scenario === scenario.name && r.side === side2);
    const baseRate = failureRate(of("base"), scenario.expectStatus);
    const headRate = failureRate(of("head"), scenario.expectStatus);
    if (baseRate >= 0.5 && headRate >= 0.5) {
      throw new GateError(
        "server-errors",
        bothFailMessage(scenario, of("base"), of("head"), config.configFile)
      );
    }
    if (baseRate >= 0.5 && config.baseScenarios?.includes(scenario.name))
      throw new GateError("server-errors", baseFailsMessage(scenario.name, of("base"), config.configFile));
    if (baseRate >= 0.5) {
      found.push(scenario.name);
      log.info({ kind: "new-endpoint", scenario: scenario.name, base: of("base") });
    }
  }
  return found;
}

// src/gate/scenario-order.ts
function firstRow(n) {
  const row2 = [0];
  for (let i = 1; row2.length < n; i++) {
    row2.push(i);
    if (row2.length < n) row2.push(n - i);
  }
  return row2;
}
function orderRows(n) {
  if (n <= 1) return [Array.from({ length: n }, (_, i) => i)];
  const first = firstRow(n);
  const rows = Array.from({ length: n }, (_, r) => first.map((j) => (j + r) % n));
  return n % 2 === 0 ? rows : [...rows, ...rows.map((row2) => [...row2].reverse())];
}
function scenarioOrder(pair2, n) {
  const rows = orderRows(n);
  return rows[pair2 % rows.length];
}
function inPairOrder(scenarios, pair2) {
  return scenarioOrder(pair2, scenarios.length).map((i) => scenarios[i]);
}

// src/gate/pairs.ts
function pairOrder(pair2) {
  return pair2 % 2 === 0 ? ["base", "head"] : ["head", "base"];
}
async function runPair(ctx, plan, pair2) {
  const order = pairOrder(pair2);
  if (plan.processes.mode === "fresh") return freshPair(ctx, plan, pair2, order);
  const rounds = [];
  for (const scenario of inPairOrder(ctx.scenarios.loaded, pair2)) {
    const startedAt = ctx.clock.iso();
    const measurements = await ctx.servers.stopAllOnError(
      () => sideBySide(ctx, pair2, order, scenario, scenarioPlanOf(plan, scenario))
    );
    for (const [position, measurement2] of measurements.entries())
      rounds.push({
        pair: pair2,
        position,
        side: order[position],
        scenario: scenario.name,
        measurement: measurement2,
        startedAt
      });
  }
  return rounds;
}
function scenarioPlanOf(plan, scenario) {
  return plan.scenarios.find((s) => s.name === scenario.name);
}
async function sideBySide(ctx, pair2, order, scenario, plan) {
  const sides = inOrder(ctx, order);
  const pools = [await poolOf(ctx, sides[0], scenario), await poolOf(ctx, sides[1], scenario)];
  const during = roundDuring(pair2, scenario.name);
  const label = windowLabel(ctx, scenario);
  const window = { warmupSec: 2 * plan.warmupSec };
  const windows = await Promise.all(
    order.map((side2, i) => ctx.servers.probe(side2).open(label, { ...window, port: sides[i].port }))
  );
  const fitted = ctx.fit.pair(
    plan,
    (count4, extraSec) => ctx.log.info({
      kind: "turns-refitted",
      scenario: scenario.name,
      turns: count4,
      planned: plan.turns,
      turnSec: plan.turnSec,
      extraSec
    })
  );
  const turns = pairTurns(fitted, pools);
  const { result, memory } = await inWindows(windows, () => alive(sides, during, ctx.load.turns(turns)));
  ctx.fit.record("pair", scenario.name, turns, result);
  return [
    withMemory(await ctx.load.take(pools[0]), memory[0]),
    withMemory(await ctx.load.take(pools[1]), memory[1])
  ];
}
async function freshPair(ctx, plan, pair2, order) {
  const rounds = [];
  for (const [position, side2] of order.entries()) {
    const server = await ctx.servers.serverFor(side2, pair2);
    const measured = await ctx.servers.stopAllOnError(async () => {
      const list3 = [];
      for (const scenario of inPairOrder(ctx.scenarios.loaded, pair2)) {
        const startedAt = ctx.clock.iso();
        const sp = scenarioPlanOf(plan, scenario);
        const pool = await poolOf(ctx, server, scenario);
        const window = { warmupSec: sp.warmupSec, port: server.port };
        const opened = await ctx.servers.probe(side2).open(windowLabel(ctx, scenario), window);
        const { result, memory } = await inWindows([opened], async () => {
          await alive([server], roundDuring(pair2, scenario.name), ctx.load.turns(roundTurns(sp, pool)));
          return ctx.load.take(pool);
        });
        const measurement2 = withMemory(result, memory[0]);
        list3.push({ pair: pair2, position, side: side2, scenario: scenario.name, measurement: measurement2, startedAt });
      }
      return list3;
    });
    rounds.push(...measured);
    await stopServers(ctx);
  }
  return rounds;
}
function windowLabel(ctx, scenario) {
  return `scenario${ctx.config.scenarios.indexOf(scenario) + 1}`;
}

// src/gate/source.ts
var GatePairSource = class {
  ctx;
  /** The plan as built, and the one the pairs obey: its scenarios' turns shared anew once some settle. */
  planned;
  plan;
  /** Measured seconds a side and pair the scenarios loaded shared when the first settled. */
  sideSec;
  options;
  /** Pairs measured and kept so far. */
  pairsDone = 0;
  /** The time the next pair is expected to take: at first the plan's, then from the pairs measured. */
  pairMs;
  /** Each scenario's per-pair log ratios of req/s so far, for the running estimate in the log. */
  ratios = /* @__PURE__ */ new Map();
  constructor(ctx, plan, options) {
    this.ctx = ctx;
    this.planned = plan;
    this.plan = plan;
    this.options = options;
    this.pairMs = plan.pairSec * 1e3;
  }
  scenarios() {
    return this.ctx.scenarios.active;
  }
  /**
   * Settled scenarios are loaded no more: each side's measured time in a pair goes to the scenarios still loaded,
   * in more turns of the same length (the pair costs about what it did: turns come in even counts).
   */
  settle(names) {
    const { ctx } = this;
    this.sideSec ??= scenarioSec(ctx.config.durationSec, this.planned.scenarios.length) * ctx.scenarios.loaded.length;
    ctx.scenarios.settle(names);
    const scenarios = sharedAmong(ctx.config, this.planned, this.sideSec, ctx.scenarios.loaded);
    this.plan = { ...this.planned, scenarios };
    ctx.log.info({ kind: "settled", scenarios: [...names], open: scenarios });
  }
  elapsedMs() {
    return this.ctx.clock.now() - this.options.started;
  }
  /**
   * Start-up and priming come once per block of `restart-every` pairs: spread them over the block. Pairs measured
   * again count as measured: their time is spent, it is not the cost of the pairs to come (bench/NOTEBOOK.md §10).
   */
  perPairMs() {
    const { ctx } = this;
    const { blocks, primingMs } = ctx.costs;
    const done = Math.max(1, this.pairsDone + this.options.disturbances.measuredAgain);
    const measuring = (this.elapsedMs() - primingMs) / done;
    const block = blocksOf(this.plan);
    return blocks === 0 || !block ? measuring : measuring + primingMs / blocks / block.restartEvery;
  }
  async startBlock(pair2) {
    const block = blocksOf(this.plan);
    if (!block) return true;
    if (this.outOfTime(pair2, true)) return false;
    await startBlockServers(this.ctx, pair2);
    await prime(this.ctx, pair2, block.primeSec, inOrder(this.ctx, pairOrder(pair2)));
    return true;
  }
  async next(pair2) {
    const { ctx } = this;
    for (let again = false; ; again = true) {
      const block = blocksOf(this.plan);
      const running2 = ctx.servers.get("base") !== void 0 && ctx.servers.get("head") !== void 0;
      const renew = block !== void 0 && (!running2 || again && pair2 % block.restartEvery === 0);
      if (renew && !await this.startBlock(pair2)) return void 0;
      if (!renew && this.outOfTime(pair2, false)) return void 0;
      const pairStart = ctx.clock.now();
      const latest = await runPair(ctx, this.plan, pair2);
      this.pairMs = Math.max(this.pairMs * 0.5, ctx.clock.now() - pairStart);
      if (this.options.disturbances.measureAgain(pair2, latest, ctx.log, this.affordsAgain(pair2))) continue;
      ctx.log.info({ kind: "pair", pair: pair2, rows: this.rows(latest) });
      this.pairsDone = pair2 + 1;
      if (pair2 === 0) {
        ctx.scenarios.drop(checkFirstPair(ctx.config, ctx.scenarios.active, latest, ctx.log));
        return this.keep(latest.filter((r) => !ctx.scenarios.dropped.includes(r.scenario)));
      }
      return this.keep(latest);
    }
  }
  /**
   * Whether measuring pair `pair` again still leaves the budget the pairs up to the plan's next look: a disturbed
   * pair is measured again only then, so that pairs measured again cannot starve the looks.
   */
  affordsAgain(pair2) {
    if (this.plan.fixedPairs !== void 0) return true;
    const budgetMs = this.plan.budgetSec * 1e3;
    const next = this.plan.looks.find((n) => n > pair2) ?? pair2 + 1;
    return this.elapsedMs() + (next - pair2) * this.perPairMs() <= budgetMs;
  }
  keep(rounds) {
    this.options.kept?.push(...rounds);
    return rounds;
  }
  /** Whether pair `pair` (after a new block's start and priming) would overrun the time limit: a note says so. */
  outOfTime(pair2, newBlock) {
    const { ctx } = this;
    const block = blocksOf(this.plan);
    const primeMs = newBlock && block ? 2 * block.primeSec * 1e3 + ctx.costs.startupMs / Math.max(1, ctx.costs.blocks) : 0;
    if (!(ctx.clock.now() + this.pairMs + primeMs > this.options.deadline - PUBLISH_RESERVE_MS)) return false;
    this.options.notes.push({ kind: "time-limit", pairs: pair2 });
    ctx.log.warning({ kind: "time-limit", pairs: pair2 });
    return true;
  }
  /** Each active scenario's base and head measurement of a pair, and the running estimate, for its log line. */
  rows(latest) {
    return this.ctx.scenarios.loaded.map(({ name }) => {
      const base = latest.find((r) => r.side === "base" && r.scenario === name).measurement;
      const head2 = latest.find((r) => r.side === "head" && r.scenario === name).measurement;
      const ratios2 = this.ratios.get(name) ?? [];
      if (base.rps > 0 && head2.rps > 0) ratios2.push(Math.log(head2.rps / base.rps));
      this.ratios.set(name, ratios2);
      const running2 = ratios2.length === 0 ? {} : { running: { change: Math.expm1(hodgesLehmann1(ratios2)), pairs: ratios2.length } };
      return { scenario: name, base, head: head2, ...running2 };
    });
  }
};

// src/gate/turn-fit.ts
var TOLERANCE = 1.2;
function evenWithin(n, most) {
  return Math.min(most, Math.max(2, 2 * Math.round(n / 2)));
}
var TurnFit = class {
  /** Per kind and scenario: seconds a base turn and a head turn took together beyond their slots, last measured. */
  extra = /* @__PURE__ */ new Map();
  /** Per scenario: the turns a side its last pair got, and the plan's then (a settle shares the pair anew). */
  turns = /* @__PURE__ */ new Map();
  /** Per scenario: the drain the plan expected per turn (base's connections over its rate), seconds. */
  drains = /* @__PURE__ */ new Map();
  /** The drains the plan priced each turn with (measurement-plan.ts drainSecs). */
  planned(drains) {
    this.drains = new Map(drains);
  }
  /** Records what a batch of closed-loop turns of a scenario took (results in the order of `turns`). */
  record(kind2, scenario, turns, results) {
    let over = 0;
    let count4 = 0;
    turns.forEach((turn, i) => {
      const result = results[i];
      if (turn.rate !== void 0 || result === void 0 || kind2 === "pair" && !turn.record) return;
      over += Math.max(0, result.sec - turn.sec);
      count4++;
    });
    if (count4 >= 2) this.extra.set(`${kind2} ${scenario}`, 2 * over / count4);
  }
  /** A base and a head turn's seconds beyond their slots, as last measured (a pair's, else a priming's). */
  extraOf(kind2, scenario) {
    const own = this.extra.get(`${kind2} ${scenario}`);
    return own ?? (kind2 === "pair" ? this.extra.get(`priming ${scenario}`) : void 0);
  }
  /**
   * The scenario's plan for the next pair: the planned one, or fewer turns when they cost more than planned.
   * `changed` hears of every change of its turns (for the log).
   */
  pair(plan, changed2) {
    const fitted = this.fitPair(plan);
    const last = this.turns.get(plan.name);
    const before = last?.planned === plan.turns ? last.turns : plan.turns;
    this.turns.set(plan.name, { turns: fitted.turns, planned: plan.turns });
    if (fitted.turns !== before) changed2?.(fitted.turns, this.extraOf("pair", plan.name) ?? 0);
    return fitted;
  }
  fitPair(plan) {
    const extra = this.extraOf("pair", plan.name);
    if (extra === void 0 || plan.turns <= 2) return plan;
    const planned = plan.turns * 2 * (plan.turnSec + (this.drains.get(plan.name) ?? 0));
    const each = 2 * plan.turnSec + extra;
    if (plan.turns * each <= TOLERANCE * planned) return plan;
    return { ...plan, turns: evenWithin(planned / each, plan.turns) };
  }
  /** Priming turns a side gets of `count` planned of `turnSec` each: fewer when they cost more than planned. */
  priming(scenario, count4, turnSec) {
    const extra = this.extraOf("priming", scenario);
    if (extra === void 0) return count4;
    const planned = count4 * 2 * turnSec;
    const each = 2 * turnSec + extra;
    if (count4 * each <= TOLERANCE * planned) return count4;
    return Math.min(count4, Math.max(1, Math.round(planned / each)));
  }
};

// src/gate/measure.ts
async function firstBlock(ctx, options) {
  const { clock, config } = ctx;
  const started = clock.now();
  const sideBySide2 = config.restartEvery > 0 && await startFirstBlock(ctx, options.notes);
  const startSec = (clock.now() - started) / 1e3;
  const rates = sideBySide2 ? await prime(ctx, 0, primeSec(ctx.config.primeSec, ctx.scenarios.active.length), [
    ctx.servers.get("base"),
    ctx.servers.get("head")
  ]) : await baseRates(ctx);
  const plan = buildPlan(config, {
    fresh: !sideBySide2,
    placement: options.placement,
    rates,
    startSec,
    leftSec: (options.deadline - PUBLISH_RESERVE_MS - clock.now()) / 1e3
  });
  ctx.fit.planned(drainSecs(config, rates));
  ctx.log.info({ kind: "plan", plan });
  const check2 = checkPlan(config, plan, startSec);
  if (!check2.resolves) {
    const note = {
      kind: "plan",
      check: check2,
      restartEvery: blocksOf(plan)?.restartEvery ?? 0,
      scenarios: config.scenarioCount,
      startSec
    };
    options.notes.push(note);
    ctx.log.warning({ kind: "note", note });
  }
  for (const s of plan.scenarios) {
    const open3 = config.openLoop;
    if (s.openLoop && open3 && "share" in open3)
      ctx.log.info({
        kind: "open-loop-rate",
        scenario: s.name,
        rate: s.openLoop.rate,
        share: open3.share,
        baseRps: rates.get(s.name) ?? 0
      });
  }
  return plan;
}
async function baseRates(ctx) {
  const rates = /* @__PURE__ */ new Map();
  const open3 = ctx.config.openLoop;
  if (!open3 || !("share" in open3)) return rates;
  const primeStart = ctx.clock.now();
  const base = await ctx.servers.serverFor("base", 0);
  try {
    for (const scenario of ctx.scenarios.active) {
      const pool = await poolOf(ctx, base, scenario);
      const sec = primeSec(ctx.config.primeSec, 1) / 2;
      const turns = roundTurns({ name: scenario.name, turnSec: sec, turns: 1, warmupSec: 0 }, pool);
      const [result] = await alive([base], openLoopBaseDuring(scenario.name), ctx.load.turns(turns));
      if (result && result.sec > 0 && result.responses > 0)
        rates.set(scenario.name, result.responses / result.sec);
    }
  } finally {
    await stopServers(ctx);
  }
  ctx.costs.primingMs += ctx.clock.now() - primeStart;
  return rates;
}
async function measure(options) {
  const { config, clock, log } = options;
  const started = clock.now();
  const pools = new Pools(options.load);
  const ctx = {
    config,
    clock,
    load: options.load,
    // The pools on a server are closed before it stops: their connections would only be reset.
    servers: new Servers(options.startServer, options.probes, () => pools.closeAll()),
    pools,
    log,
    scenarios: new ActiveScenarios(config.scenarios),
    costs: { blocks: 0, primingMs: 0, startupMs: 0 },
    fit: new TurnFit()
  };
  const disturbances = new Disturbances();
  let result;
  let plan;
  const grouped = (body) => log.group ? log.group({ kind: "measuring" }, body) : body();
  try {
    result = await grouped(async () => {
      plan = await firstBlock(ctx, options);
      const source2 = new GatePairSource(ctx, plan, {
        started,
        deadline: options.deadline,
        notes: options.notes,
        disturbances,
        kept: options.kept
      });
      return measurePairs(source2, plan, config);
    });
  } finally {
    await stopServers(ctx);
    await options.load.stop();
  }
  closingNotes(ctx, plan, result, disturbances, started, options.notes);
  return {
    ...result,
    plan,
    newScenarios: ctx.scenarios.dropped,
    disturbedPairs: disturbances.measuredAgain,
    keptDisturbedPairs: disturbances.kept,
    blocks: {
      count: ctx.costs.blocks,
      startupSec: ctx.costs.startupMs / 1e3,
      primingSec: ctx.costs.primingMs / 1e3
    },
    diagnostics: options.probes.summary()
  };
}
function closingNotes(ctx, plan, result, disturbances, started, notes2) {
  const { config, costs, log } = ctx;
  for (const settled of result.settled) notes2.push({ kind: "settled", ...settled });
  if (result.confirmationPairs > 0) log.info({ kind: "confirmation", pairs: result.confirmationPairs });
  if (result.futility && result.pairs > 0) {
    const pairSec = (ctx.clock.now() - started) / 1e3 / result.pairs;
    const note = {
      kind: "noise",
      futility: result.futility,
      pairSec,
      budgetSec: config.budgetMs / 1e3
    };
    notes2.push(note);
    log.warning({ kind: "note", note });
  }
  const busy = disturbances.note(result.pairs);
  if (busy !== void 0) {
    notes2.push(busy);
    log.warning({ kind: "note", note: busy });
  }
  const block = plan ? blocksOf(plan) : void 0;
  if (block?.restartEvery === 1 && costs.blocks > 0) {
    const pairSec = (ctx.clock.now() - started) / 1e3 / costs.blocks;
    const note = startupNote(costs.startupMs / 1e3 / costs.blocks, pairSec);
    if (note) notes2.push(note);
  }
  if (result.decision?.comparisons.some((c) => c.processes?.differed))
    log.info({ kind: "process-offsets", decision: result.decision });
}

// src/gate/profiling.ts
import { readFileSync as readFileSync14 } from "node:fs";
import { join as join13, relative as relative4, resolve as resolve6 } from "node:path";

// src/profile/rollup.ts
function packageOf(frame) {
  if (frame.file === "") return frame.fn;
  if (frame.file.startsWith("node:")) return "node:";
  const found = [...frame.file.replace(/\\/g, "/").matchAll(/(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/g)];
  return found.length === 0 ? "" : found[found.length - 1][1];
}
function unitKey(level, id) {
  return `${level}\0${id}`;
}
function rollUp(profile, idOf, described) {
  const counts = /* @__PURE__ */ new Map();
  const count4 = (key, field, n) => {
    let c = counts.get(key);
    if (c === void 0) {
      c = { self: 0, total: 0 };
      counts.set(key, c);
    }
    c[field] += n;
  };
  for (const stack of profile.stacks) {
    const keys = stack.frames.map((frame) => {
      const units2 = [
        unitKey("function", idOf(frame.key)),
        unitKey("file", frame.file === "" ? frame.fn : frame.file),
        unitKey("package", packageOf(frame))
      ];
      if (described !== void 0) {
        for (const key of units2) if (!described.has(key)) described.set(key, frame);
      }
      return units2;
    });
    for (const key of new Set(keys.flat())) count4(key, "total", stack.count);
    for (const key of keys[keys.length - 1] ?? []) count4(key, "self", stack.count);
  }
  return counts;
}

// src/profile/callers.ts
function inUnit(frame, u) {
  if (u.level === "package") return packageOf(frame) === u.name;
  if (u.level === "file") return frame.file === u.file;
  return frame.fn === u.name && frame.file === u.file && frame.line === u.line;
}
function firstOutside(frames) {
  for (let i = frames.length - 2; i >= 0; i--) {
    const f = frames[i];
    if (!f.pseudo && f.file !== "" && packageOf(f) !== "node:") return f;
  }
  return void 0;
}
function callerOf(profile, unit2) {
  if (unit2.pseudo || unit2.package !== "node:") return void 0;
  const weight = /* @__PURE__ */ new Map();
  for (const stack of profile.stacks) {
    const inner = stack.frames[stack.frames.length - 1];
    if (inner === void 0 || !inUnit(inner, unit2)) continue;
    const frame = firstOutside(stack.frames);
    if (frame === void 0) continue;
    const key = `${frame.fn}\0${frame.file}\0${frame.line}`;
    const seen = weight.get(key) ?? { frame, count: 0 };
    seen.count += stack.count;
    weight.set(key, seen);
  }
  return [...weight.values()].sort((a, b) => b.count - a.count)[0]?.frame;
}

// src/profile/compare.ts
import { mkdirSync as mkdirSync4, rmSync as rmSync4, writeFileSync as writeFileSync4 } from "node:fs";
import { join as join11 } from "node:path";

// src/diagnostics/control-source.ts
var CONTROL_SOURCE = `
  var controlStamp = '', controlToken = '';

  function controlStampNow() {
    var stat = fs.statSync(controlFile, { throwIfNoEntry: false });
    return stat ? stat.ino + ':' + stat.mtimeMs + ':' + stat.size : '';
  }

  function controlText() { return fs.readFileSync(controlFile, 'utf8').trim().slice(0, 200); }

  // The control file's new token, or '' when it is missing, unchanged, empty or the token before.
  function readControl() {
    var stamp = controlStampNow();
    if (stamp === controlStamp) return '';
    controlStamp = stamp;
    if (stamp === '') return '';
    var token = controlText();
    if (token === '' || token === controlToken) return '';
    controlToken = token;
    return token;
  }
`;

// src/diagnostics/heap-source.ts
var COLLECT_MARK = "#collect";
var HEAP_SOURCE = `
  var v8 = null, vm = null, fullGc = null, profiler = null;
  try { v8 = require('v8'); vm = require('vm'); } catch (error) { v8 = null; }
  var allocBase = 0, usedBase = 0, requests = 0;

  function heapStats() { return v8 === null ? null : v8.getHeapStatistics(); }

  function heapStart() {
    var stats = heapStats();
    if (stats === null) return;
    allocBase = typeof stats.total_allocated_bytes === 'number' ? stats.total_allocated_bytes : 0;
    usedBase = stats.used_heap_size;
    profiler = null;
    if (typeof v8.GCProfiler === 'function') {
      profiler = new v8.GCProfiler();
      profiler.start();
    }
  }

  function heapEnd(collect) {
    var stats = heapStats();
    var data = profiler === null ? null : profiler.stop();
    profiler = null;
    var out = { allocated: null, exact: false, gcMs: null, gcs: null, retained: null, requests: requests };
    requests = 0;
    if (stats === null) return out;
    var freed = 0, pauseUs = 0, list = data && data.statistics ? data.statistics : [];
    for (var i = 0; i < list.length; i++) {
      var s = list[i];
      freed += s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize;
      pauseUs += s.cost;
    }
    if (typeof stats.total_allocated_bytes === 'number') {
      out.allocated = stats.total_allocated_bytes - allocBase;
      out.exact = true;
    } else if (data !== null) out.allocated = Math.max(0, stats.used_heap_size - usedBase + freed);
    if (data !== null) { out.gcMs = pauseUs / 1000; out.gcs = list.length; }
    if (collect) {
      if (fullGc === null) {
        v8.setFlagsFromString('--expose-gc');
        fullGc = vm.runInNewContext('gc');
      }
      fullGc();
      out.retained = heapStats().used_heap_size;
    }
    return out;
  }

  var requestChannel = null;
  function countRequests() {
    var dc = require('diagnostics_channel');
    var onRequest = function () { requests++; };
    // Held strongly, as the preload's other channel: old releases kept channels weakly.
    requestChannel = dc.channel('http.server.request.start');
    if (typeof dc.subscribe === 'function') dc.subscribe('http.server.request.start', onRequest);
    else requestChannel.subscribe(onRequest);
  }
`;

// src/diagnostics/preload.ts
var DIAGNOSTICS_ENV = "PERF_GATE_DIAGNOSTICS";
var CONTROL_SUFFIX = ".ctl";
var RESOLUTION_MS = 10;
var TICK_MS = 100;
var CONTROL_MS = 5;
var SERIES_MS = 250;
var SERIES_MAX = 240;
var PRELOAD_SOURCE = `'use strict';
// perf-gate diagnostics preload: event-loop delay, CPU, RSS and heap of the process that serves TCP.
// Written by perf-gate (src/diagnostics/preload.ts); safe to delete. It does nothing unless
// ${DIAGNOSTICS_ENV} names an output file.
(function perfGateDiagnostics() {
  var outFile = process.env.${DIAGNOSTICS_ENV};
  if (typeof outFile !== 'string' || outFile === '') return;
  var GUARD = Symbol.for('perf-gate.diagnostics');
  try {
    if (process[GUARD]) return;
    Object.defineProperty(process, GUARD, { value: true, enumerable: false });
  } catch (error) {
    return;
  }
  var fs, perfHooks, threads;
  try {
    fs = require('fs');
    perfHooks = require('perf_hooks');
    threads = require('worker_threads');
  } catch (error) {
    return;
  }
  if (!threads.isMainThread || typeof perfHooks.monitorEventLoopDelay !== 'function') return;

  var RESOLUTION_MS = ${RESOLUTION_MS};
  var TICK_MS = ${TICK_MS};
  var CONTROL_MS = ${CONTROL_MS};
  var SERIES_MAX = ${SERIES_MAX};
  var controlFile = outFile + ${JSON.stringify(CONTROL_SUFFIX)};
  var performance = perfHooks.performance;
  var hasElu = performance && typeof performance.eventLoopUtilization === 'function';

  var reporter = false;
  var histogram = null;
  var ports = [];
  var windowStart = Date.now();
  var cpuBase = process.cpuUsage();
  var eluBase = hasElu ? performance.eventLoopUtilization() : null;
  var rssPeak = 0, rssLast = 0, heapPeak = 0, heapLast = 0;
  var series = [];
  var seriesEvery = ${SERIES_MS};
  var lastSeriesAt = 0;
  var sampledAt = 0;
${HEAP_SOURCE}
${CONTROL_SOURCE}

  function sample(now) {
    var usage = process.memoryUsage();
    rssLast = usage.rss;
    heapLast = usage.heapUsed;
    if (rssLast > rssPeak) rssPeak = rssLast;
    if (heapLast > heapPeak) heapPeak = heapLast;
    if (now - lastSeriesAt >= seriesEvery) {
      lastSeriesAt = now;
      series.push([now - windowStart, rssLast, heapLast]);
      if (series.length >= SERIES_MAX) {
        series = series.filter(function (point, index) { return index % 2 === 0; });
        seriesEvery *= 2;
      }
    }
  }

  function resetWindow(now) {
    windowStart = now;
    cpuBase = process.cpuUsage();
    if (hasElu) eluBase = performance.eventLoopUtilization();
    if (histogram !== null) histogram.reset();
    rssPeak = rssLast;
    heapPeak = heapLast;
    series = [];
    lastSeriesAt = 0;
    sample(now);
    try { heapStart(); } catch (error) { profiler = null; }
  }

  function delayMs(nanoseconds) {
    var ms = nanoseconds / 1e6 - RESOLUTION_MS;
    return ms > 0 && isFinite(ms) ? Math.round(ms * 1000) / 1000 : 0;
  }

  function write(reason, seq) {
    var now = Date.now();
    try { sample(now); } catch (error) { /* keep the previous sample */ }
    var count = histogram === null ? 0 : typeof histogram.count === 'number' ? histogram.count : 1;
    var cpu = process.cpuUsage(cpuBase);
    var elu = null;
    if (hasElu && eluBase !== null) {
      try { elu = performance.eventLoopUtilization(eluBase).utilization; } catch (error) { elu = null; }
    }
    // Last of the window's figures: a full collection here must not count as the window's busy time.
    var heap = null;
    try {
      heap = heapEnd(typeof seq === 'string' && seq.indexOf(${JSON.stringify(COLLECT_MARK)}) !== -1);
    } catch (error) { heap = null; }
    var line = {
      v: 1,
      pid: process.pid,
      ppid: process.ppid,
      reason: reason,
      seq: seq,
      at: now,
      startedAt: windowStart,
      elapsedMs: now - windowStart,
      uptimeMs: Math.round(process.uptime() * 1000),
      ports: ports.slice(),
      eventLoopDelayMs: count > 0 && histogram !== null
        ? {
            p50: delayMs(histogram.percentile(50)),
            p99: delayMs(histogram.percentile(99)),
            max: delayMs(histogram.max),
            mean: delayMs(histogram.mean),
            count: count,
          }
        : { p50: 0, p99: 0, max: 0, mean: 0, count: 0 },
      eventLoopUtilization: typeof elu === 'number' && isFinite(elu) ? Math.round(elu * 10000) / 10000 : null,
      cpu: { userMs: cpu.user / 1000, systemMs: cpu.system / 1000 },
      rss: { peak: rssPeak, last: rssLast },
      heapUsed: { peak: heapPeak, last: heapLast },
      memory: series,
      heap: heap,
      node: process.version,
    };
    fs.appendFileSync(outFile, JSON.stringify(line) + '\\n');
    resetWindow(now);
  }

  function safeWrite(reason, seq) {
    try { write(reason, seq); } catch (error) { /* diagnostics never disturb the app */ }
  }

  function addPort(port) {
    if (typeof port === 'number' && port > 0 && ports.indexOf(port) === -1 && ports.length < 16) ports.push(port);
  }

  function listeningPorts() {
    if (typeof process._getActiveHandles !== 'function') return;
    var handles = process._getActiveHandles();
    for (var i = 0; i < handles.length; i++) {
      var handle = handles[i];
      if (handle && handle.listening === true && typeof handle.address === 'function') {
        var address = handle.address();
        if (address !== null && typeof address === 'object') addPort(address.port);
      }
    }
  }

  function onSignal(signal) {
    var handler = function () {
      // The line first: once the handler is gone, a second signal meets the default action and kills at once.
      safeWrite(signal, null);
      try { process.removeListener(signal, handler); } catch (error) { /* ignore */ }
      try {
        // Nobody else handles it: the default action (death by this signal), as without the preload.
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      } catch (error) { /* ignore */ }
    };
    process.prependListener(signal, handler);
  }

  function becomeReporter() {
    if (reporter) return;
    reporter = true;
    try { listeningPorts(); } catch (error) { /* ports stay unknown */ }
    try {
      histogram = perfHooks.monitorEventLoopDelay({ resolution: RESOLUTION_MS });
      histogram.enable();
    } catch (error) {
      histogram = null;
    }
    try {
      // A token written before this process reported is not addressed to it.
      controlStamp = controlStampNow();
      if (controlStamp !== '') controlToken = controlText();
    } catch (error) { /* no control file yet */ }
    try { countRequests(); } catch (error) { /* no request counts */ }
    try { onSignal('SIGTERM'); } catch (error) { /* ignore */ }
    try { onSignal('SIGINT'); } catch (error) { /* ignore */ }
    try { process.on('exit', function () { safeWrite('exit', null); }); } catch (error) { /* ignore */ }
    safeWrite('listening', null);
  }

  var channel = null;
  var onSocket = function (message) {
    try {
      var port = message && message.socket ? message.socket.localPort : undefined;
      if (typeof port !== 'number') return;
      addPort(port);
      if (reporter) return;
      becomeReporter();
      // Stop listening to every connection; later, not while the channel is publishing.
      var later = setImmediate(function () {
        try {
          var dc = require('diagnostics_channel');
          if (typeof dc.unsubscribe === 'function') dc.unsubscribe('net.server.socket', onSocket);
          else if (channel !== null) channel.unsubscribe(onSocket);
        } catch (error) { /* keep it */ }
      });
      if (later && typeof later.unref === 'function') later.unref();
    } catch (error) { /* ignore */ }
  };
  try {
    var dc = require('diagnostics_channel');
    channel = dc.channel('net.server.socket'); // held strongly: old releases kept channels weakly
    if (typeof dc.subscribe === 'function') dc.subscribe('net.server.socket', onSocket);
    else channel.subscribe(onSocket);
  } catch (error) { /* the tick still finds listening servers */ }

  function tick() {
    try {
      if (!reporter) {
        if (typeof process.getActiveResourcesInfo === 'function' &&
            process.getActiveResourcesInfo().indexOf('TCPServerWrap') !== -1) becomeReporter();
        return;
      }
      var now = Date.now();
      if (now - sampledAt >= TICK_MS) {
        sampledAt = now;
        sample(now);
      }
      var token = readControl();
      if (token !== '') safeWrite('snapshot', token);
    } catch (error) { /* try again next tick */ }
  }

  try {
    var timer = setInterval(tick, CONTROL_MS);
    if (timer && typeof timer.unref === 'function') timer.unref();
  } catch (error) { /* no sampling */ }
})();
`;

// src/diagnostics/alloc-preload.ts
var ALLOCATION_ENV = "PERF_GATE_ALLOCATION";
var ALLOCATION_PRELOAD_FILE = "perf-gate-allocation.cjs";
var LAST_MARK = "#last";
var KEPT_MARK = "#kept";
var SAMPLING_INTERVAL_BYTES = 16384;
var KEPT_SAMPLING_INTERVAL_BYTES = 4096;
var ALLOCATION_PRELOAD_SOURCE = `'use strict';
// perf-gate allocation preload: V8's sampling heap profiler, window by window, while perf-gate profiles the server.
// Written by perf-gate (src/diagnostics/alloc-preload.ts); safe to delete. It does nothing unless
// ${ALLOCATION_ENV} names an output file.
(function perfGateAllocation() {
  var outFile = process.env.${ALLOCATION_ENV};
  if (typeof outFile !== 'string' || outFile === '') return;
  try { delete process.env.${ALLOCATION_ENV}; } catch (error) { return; }
  var fs, inspector, threads;
  try {
    fs = require('fs');
    inspector = require('inspector');
    threads = require('worker_threads');
  } catch (error) {
    return;
  }
  if (!threads.isMainThread || typeof inspector.Session !== 'function') return;
  var controlFile = outFile + ${JSON.stringify(CONTROL_SUFFIX)};
  var session = null, sampling = false, keeping = false;

  function post(method, params) {
    var out = { error: null, result: null };
    session.post(method, params, function (error, result) { out.error = error; out.result = result; });
    return out;
  }

  function edge(seq) {
    var line = { v: 1, pid: process.pid, seq: seq, kept: keeping, profile: null, error: null };
    try {
      if (session === null) {
        session = new inspector.Session();
        session.connect();
      }
      if (sampling) {
        sampling = false;
        // A kept window: what died in it leaves the profile before it is taken.
        if (keeping) post('HeapProfiler.collectGarbage', {});
        var stopped = post('HeapProfiler.stopSampling', {});
        if (stopped.result && stopped.result.profile) line.profile = stopped.result.profile;
        else line.error = String(stopped.error && stopped.error.message).slice(0, 200);
      }
      if (seq.slice(-${LAST_MARK.length}) !== ${JSON.stringify(LAST_MARK)}) {
        keeping = seq.indexOf(${JSON.stringify(KEPT_MARK)}) >= 0;
        var started = post('HeapProfiler.startSampling', {
          samplingInterval: keeping ? ${KEPT_SAMPLING_INTERVAL_BYTES} : ${SAMPLING_INTERVAL_BYTES},
          includeObjectsCollectedByMajorGC: !keeping,
          includeObjectsCollectedByMinorGC: !keeping,
        });
        sampling = started.error === null;
        if (!sampling) line.error = String(started.error && started.error.message).slice(0, 200);
      }
    } catch (error) {
      line.error = String(error && error.message).slice(0, 200);
    }
    fs.appendFileSync(outFile, JSON.stringify(line) + '\\n');
  }

${CONTROL_SOURCE}
  function tick() {
    try {
      var token = readControl();
      if (token !== '') edge(token);
    } catch (error) { /* try again next tick */ }
  }

  try {
    var timer = setInterval(tick, ${CONTROL_MS});
    if (timer && typeof timer.unref === 'function') timer.unref();
  } catch (error) { /* no profile */ }
})();
`;

// src/diagnostics/install.ts
import { mkdirSync, readFileSync as readFileSync7, renameSync, statSync as statSync3, writeFileSync as writeFileSync2 } from "node:fs";
import { open as open2 } from "node:fs/promises";
import { dirname as dirname2, join as join6, resolve as resolve2 } from "node:path";
import { setTimeout as sleep5 } from "node:timers/promises";

// src/config/records.ts
function isRecord(value2) {
  return typeof value2 === "object" && value2 !== null && !Array.isArray(value2);
}

// src/diagnostics/install.ts
var PRELOAD_FILE = "perf-gate-diagnostics.cjs";
function sidePreloads(source2, fileName, what2) {
  const copy = (side2) => new PinnedFile({ content: source2 }, `${what2} (the copy for ${side2}'s servers)`, fileName, "server-start");
  try {
    return { base: copy("base"), head: copy("head") };
  } catch {
    return void 0;
  }
}
function quoteNodeOption(value2) {
  return `"${value2.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
function diagnosticsEnv(preloadPath, outFile, existingNodeOptions) {
  return {
    NODE_OPTIONS: withRequire(preloadPath, existingNodeOptions),
    PERF_GATE_DIAGNOSTICS: resolve2(outFile)
  };
}
function withRequire(path, existing) {
  const rest = existing?.trim() ?? "";
  const require2 = `--require ${quoteNodeOption(resolve2(path))}`;
  return rest === "" ? require2 : `${require2} ${rest}`;
}
function writeToken(outFile, token) {
  const control = controlFile(outFile);
  const temporary = `${control}.${process.pid}.tmp`;
  writeFileSync2(temporary, `${token}
`);
  renameSync(temporary, control);
}
function controlFile(outFile) {
  return `${resolve2(outFile)}${CONTROL_SUFFIX}`;
}
var REASONS = /* @__PURE__ */ new Set([
  "listening",
  "snapshot",
  "SIGTERM",
  "SIGINT",
  "exit"
]);
var FINAL = /* @__PURE__ */ new Set(["SIGTERM", "SIGINT", "exit"]);
function count2(value2) {
  return typeof value2 === "number" && Number.isFinite(value2) && value2 >= 0 ? value2 : void 0;
}
function pair(value2, a, b) {
  if (!isRecord(value2)) return void 0;
  const x = count2(value2[a]);
  const y = count2(value2[b]);
  return x === void 0 || y === void 0 ? void 0 : { [a]: x, [b]: y };
}
function delayStats(delay) {
  const p50 = count2(delay.p50);
  const p99 = count2(delay.p99);
  const max = count2(delay.max);
  const mean3 = count2(delay.mean);
  const samples = count2(delay.count);
  if (p50 === void 0 || p99 === void 0 || max === void 0 || mean3 === void 0 || samples === void 0)
    return void 0;
  return { p50, p99, max, mean: mean3, count: samples };
}
function memorySeries(value2) {
  const memory = [];
  if (Array.isArray(value2)) {
    for (const point of value2.slice(0, 1e4)) {
      if (!Array.isArray(point) || point.length !== 3) continue;
      const [t, r, h] = point.map(count2);
      if (t !== void 0 && r !== void 0 && h !== void 0) memory.push([t, r, h]);
    }
  }
  return memory;
}
function orNull(value2) {
  return count2(value2) ?? null;
}
function heapWindow(value2) {
  if (!isRecord(value2)) return void 0;
  return {
    allocated: orNull(value2.allocated),
    exact: value2.exact === true,
    gcMs: orNull(value2.gcMs),
    gcs: orNull(value2.gcs),
    retained: orNull(value2.retained),
    requests: orNull(value2.requests)
  };
}
function parseSnapshot(line) {
  let raw;
  try {
    raw = JSON.parse(line);
  } catch {
    return void 0;
  }
  if (!isRecord(raw) || raw.v !== 1) return void 0;
  const pid = count2(raw.pid);
  const ppid = count2(raw.ppid) ?? 0;
  const reason = typeof raw.reason === "string" && REASONS.has(raw.reason) ? raw.reason : void 0;
  const seq = typeof raw.seq === "string" ? raw.seq.slice(0, 200) : null;
  const at = count2(raw.at);
  const startedAt = count2(raw.startedAt);
  const elapsedMs = count2(raw.elapsedMs);
  const uptimeMs = count2(raw.uptimeMs) ?? 0;
  const delay = raw.eventLoopDelayMs;
  const cpu = pair(raw.cpu, "userMs", "systemMs");
  const rss = pair(raw.rss, "peak", "last");
  const heap = pair(raw.heapUsed, "peak", "last");
  if (pid === void 0 || reason === void 0 || at === void 0 || startedAt === void 0 || elapsedMs === void 0 || !isRecord(delay) || cpu === void 0 || rss === void 0 || heap === void 0)
    return void 0;
  const eventLoopDelayMs = delayStats(delay);
  if (eventLoopDelayMs === void 0) return void 0;
  const ports = Array.isArray(raw.ports) ? raw.ports.filter((p) => Number.isInteger(p) && p > 0 && p < 65536) : [];
  const elu = count2(raw.eventLoopUtilization);
  const heapFigures = heapWindow(raw.heap);
  return {
    v: 1,
    pid,
    ppid,
    reason,
    seq,
    at,
    startedAt,
    elapsedMs,
    uptimeMs,
    ports: ports.slice(0, 16),
    eventLoopDelayMs,
    eventLoopUtilization: elu === void 0 ? null : Math.min(1, elu),
    cpu: { userMs: cpu.userMs, systemMs: cpu.systemMs },
    rss: { peak: rss.peak, last: rss.last },
    heapUsed: { peak: heap.peak, last: heap.last },
    memory: memorySeries(raw.memory),
    ...heapFigures ? { heap: heapFigures } : {},
    node: typeof raw.node === "string" ? raw.node.slice(0, 40) : ""
  };
}
function parseSnapshots(text2) {
  const out = [];
  for (const line of text2.split("\n")) {
    if (line.trim() === "") continue;
    const snapshot2 = parseSnapshot(line);
    if (snapshot2 !== void 0) out.push(snapshot2);
  }
  return out;
}
function readSnapshots(outFile) {
  try {
    return parseSnapshots(readFileSync7(outFile, "utf8"));
  } catch {
    return [];
  }
}
function liveReporters(lines) {
  const live2 = /* @__PURE__ */ new Set();
  for (const line of lines) {
    if (FINAL.has(line.reason)) live2.delete(line.pid);
    else live2.add(line.pid);
  }
  for (const pid of live2) if (!isRunning(pid)) live2.delete(pid);
  return live2;
}
var sequence = 0;
var POLL_MS = 2;
var queues = /* @__PURE__ */ new Map();
function snapshot(outFile, options = {}) {
  const file = resolve2(outFile);
  const previous = queues.get(file) ?? Promise.resolve();
  const next = previous.then(() => takeSnapshot(file, options)).catch(() => []);
  queues.set(file, next);
  void next.finally(() => {
    if (queues.get(file) === next) queues.delete(file);
  });
  return next;
}
function sizeOf(file) {
  return statSync3(file, { throwIfNoEntry: false })?.size ?? 0;
}
async function readFrom(file, from) {
  try {
    const handle = await open2(file, "r");
    try {
      const { size } = await handle.stat();
      const buffer = Buffer.alloc(Math.max(0, size - from));
      await handle.read(buffer, 0, buffer.length, from);
      return buffer.toString("utf8");
    } finally {
      await handle.close();
    }
  } catch {
    return "";
  }
}
async function takeSnapshot(outFile, options) {
  const timeoutMs = options.timeoutMs ?? 3e3;
  const registrationDeadline = Date.now() + (options.registrationMs ?? 500);
  let expected2 = liveReporters(readSnapshots(outFile));
  while (expected2.size === 0) {
    if (Date.now() > registrationDeadline) return [];
    await sleep5(25);
    expected2 = liveReporters(readSnapshots(outFile));
  }
  const label = (options.label ?? "snapshot").replace(/\s+/g, "-").slice(0, 120);
  const mark = options.collect === true ? COLLECT_MARK : "";
  const token = `${label}${mark}#${process.pid}.${++sequence}.${Date.now()}`;
  const from = sizeOf(outFile);
  writeToken(outFile, token);
  const deadline = Date.now() + timeoutMs;
  for (; ; ) {
    await sleep5(POLL_MS);
    const lines = parseSnapshots(await readFrom(outFile, from));
    const answers = lines.filter((line) => line.seq === token);
    const answered = new Set(answers.map((line) => line.pid));
    const pending2 = [...expected2].filter(
      (pid) => !answered.has(pid) && isRunning(pid) && !lines.some((l) => l.pid === pid && FINAL.has(l.reason))
    );
    if (pending2.length === 0 || Date.now() > deadline) return answers;
  }
}
function outFileFor(dir, name) {
  return join6(resolve2(dir), `${name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 100)}.jsonl`);
}

// src/diagnostics/port-preload.ts
var PORT_MAP_ENV = "PERF_GATE_PORT_MAP";
var PORT_PRELOAD_FILE = "perf-gate-ports.cjs";
function formatPortMap(moves) {
  return [...moves].map(([from, to]) => `${from}=${to}`).join(",");
}
var PORT_PRELOAD_SOURCE = `'use strict';
// perf-gate port preload: listen on the port perf-gate hands this server instead of its fixed one, so that two
// copies of it can run side by side. Written by perf-gate (src/diagnostics/port-preload.ts); safe to delete. It
// does nothing unless ${PORT_MAP_ENV} maps a port, e.g. 3000=41234.
(function perfGatePorts() {
  // A port as Node reads listen's first argument or options.port: an integer 0\u202665535, or a string of one; else -1.
  function portOf(value) {
    var port = typeof value === 'number' ? value
      : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return port >= 0 && port <= 65535 && Math.floor(port) === port ? port : -1;
  }

  // '3000=41234,3001=41235' \u2192 { '3000': 41234, '3001': 41235 }; null when nothing in it is a valid move.
  function parsePortMap(text) {
    if (typeof text !== 'string') return null;
    var map = {};
    var moves = 0;
    var parts = text.split(',');
    for (var i = 0; i < parts.length; i++) {
      var pair = parts[i].split('=');
      if (pair.length !== 2) continue;
      var from = portOf(pair[0]);
      var to = portOf(pair[1]);
      if (from > 0 && to > 0 && from !== to) {
        map[String(from)] = to;
        moves++;
      }
    }
    return moves > 0 ? map : null;
  }

  // The handed port for a port the app asked for; undefined when it is not moved.
  function movedTo(value, map) {
    var port = portOf(value);
    return port > 0 && Object.prototype.hasOwnProperty.call(map, String(port)) ? map[String(port)] : undefined;
  }

  // listen's arguments with a fixed port moved: the same array when nothing moves, a copy otherwise.
  function mapListenArgs(args, map) {
    if (!args || args.length === 0 || map === null) return args;
    var first = args[0];
    var moved;
    if (typeof first === 'number' || typeof first === 'string') {
      var to = movedTo(first, map);
      if (to === undefined) return args;
      moved = to;
    } else if (Array.isArray(first)) {
      // Node's own already-normalized [options, callback] form.
      var inner = mapListenArgs(first.slice(0, 1), map);
      if (inner[0] === first[0]) return args;
      var copy = first.slice();
      copy[0] = inner[0];
      var symbols = Object.getOwnPropertySymbols(first);
      for (var s = 0; s < symbols.length; s++) copy[symbols[s]] = first[symbols[s]];
      moved = copy;
    } else if (first !== null && typeof first === 'object') {
      // A handle or an fd listens where it already is; a path without a port is a pipe.
      if (first._handle || first.handle || typeof first.fd === 'number') return args;
      var port = movedTo(first.port, map);
      if (port === undefined) return args;
      moved = Object.assign({}, first, { port: port });
    } else {
      return args;
    }
    var out = Array.prototype.slice.call(args);
    out[0] = moved;
    return out;
  }

  if (typeof module === 'object' && module !== null) {
    module.exports = { parsePortMap: parsePortMap, mapListenArgs: mapListenArgs };
  }

  var map = parsePortMap(process.env.${PORT_MAP_ENV});
  if (map === null) return;
  var proto;
  try {
    proto = require('net').Server.prototype;
  } catch (error) {
    return;
  }
  var GUARD = Symbol.for('perf-gate.ports');
  var original = proto.listen;
  if (typeof original !== 'function' || original[GUARD]) return;
  // Whether this listen is the cluster primary opening a round-robin handle for a worker.
  function forWorker() {
    var limit = Error.stackTraceLimit;
    try {
      Error.stackTraceLimit = 12;
      return String(new Error().stack).indexOf('node:internal/cluster/') !== -1;
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
  var listen = function listen() {
    var args = arguments;
    try {
      var mapped = mapListenArgs(arguments, map);
      if (mapped !== arguments && !forWorker()) args = mapped;
    } catch (error) {
      args = arguments; // never let the mapping break a listen
    }
    return original.apply(this, args);
  };
  try {
    Object.defineProperty(listen, 'length', { value: original.length });
    Object.defineProperty(listen, GUARD, { value: true });
    Object.defineProperty(proto, 'listen', {
      value: listen,
      writable: true,
      enumerable: Object.prototype.propertyIsEnumerable.call(proto, 'listen'),
      configurable: true,
    });
  } catch (error) { /* leave listen alone */ }
})();
`;

// src/profile/diff.ts
function groupKey(f) {
  return `${f.fn}\0${f.file}`;
}
function matchFunctions(base, head2) {
  const groups = /* @__PURE__ */ new Map();
  const group = (key) => {
    let g2 = groups.get(key);
    if (g2 === void 0) {
      g2 = { base: [], head: [] };
      groups.set(key, g2);
    }
    return g2;
  };
  for (const f of base) group(groupKey(f)).base.push(f);
  for (const f of head2) group(groupKey(f)).head.push(f);
  const matching = { pairs: [], baseId: /* @__PURE__ */ new Map(), headId: /* @__PURE__ */ new Map() };
  const pair2 = (b, h) => {
    const id = h?.key ?? b.key;
    matching.pairs.push({ base: b, head: h, id });
    if (b) matching.baseId.set(b.key, id);
    if (h) matching.headId.set(h.key, id);
  };
  for (const g2 of groups.values()) {
    const headKeys = new Map(g2.head.map((h) => [h.key, h]));
    const restBase = [];
    for (const b of g2.base) {
      const h = headKeys.get(b.key);
      if (h) {
        pair2(b, h);
        headKeys.delete(b.key);
      } else restBase.push(b);
    }
    const restHead = [...headKeys.values()];
    const byLine = (a, b) => a.line - b.line || a.column - b.column;
    restBase.sort(byLine);
    restHead.sort(byLine);
    const n = Math.min(restBase.length, restHead.length);
    for (let i = 0; i < n; i++) pair2(restBase[i], restHead[i]);
    for (const b of restBase.slice(n)) pair2(b, void 0);
    for (const h of restHead.slice(n)) pair2(void 0, h);
  }
  return matching;
}
function buildTree(profile, idOf) {
  const root = {
    id: "",
    frame: { key: "", fn: "all busy samples", file: "", line: 0, column: 0, pseudo: true },
    total: 0,
    self: 0,
    children: /* @__PURE__ */ new Map()
  };
  for (const stack of profile.stacks) {
    let node = root;
    node.total += stack.count;
    for (const frame of stack.frames) {
      const id = idOf.get(frame.key) ?? frame.key;
      let child2 = node.children.get(id);
      if (child2 === void 0) {
        child2 = { id, frame, total: 0, self: 0, children: /* @__PURE__ */ new Map() };
        node.children.set(id, child2);
      }
      child2.total += stack.count;
      node = child2;
    }
    node.self += stack.count;
  }
  return root;
}
function escapeHtml(text2) {
  return text2.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c
  );
}
function pct(share3) {
  const p = share3 * 100;
  if (p === 0) return "0%";
  if (p < 0.1) return "<0.1%";
  return p >= 10 ? `${p.toFixed(0)}%` : `${p.toFixed(1)}%`;
}
function colour(delta2, scale) {
  const t = Math.min(1, Math.abs(delta2) / scale);
  if (Math.abs(delta2) < 1e-3 || t < 0.02) return "hsl(40,12%,86%)";
  const light = Math.round(90 - 42 * Math.sqrt(t));
  return delta2 > 0 ? `hsl(0,80%,${light}%)` : `hsl(214,80%,${light}%)`;
}
function location(frame) {
  if (frame.file === "") return "";
  return frame.line > 0 ? `${frame.file}:${frame.line}` : frame.file;
}
var ROW_HEIGHT = 18;
var MAX_DEPTH = 120;
var MIN_WIDTH = 0.4;
function layout(base, head2, shape, width) {
  const matching = matchFunctions(base.functions, head2.functions);
  const trees = { base: buildTree(base, matching.baseId), head: buildTree(head2, matching.headId) };
  const busy = { base: base.busy, head: head2.busy };
  const other = shape === "head" ? "base" : "head";
  const boxes = [];
  const walk = (node, counterpart, x, depth) => {
    const w = busy[shape] === 0 ? 0 : node.total / busy[shape] * width;
    if (w < MIN_WIDTH || depth > MAX_DEPTH) return;
    boxes.push({ node, counterpart, x, w, depth });
    let cx = x;
    const children = [...node.children.values()].sort(
      (a, b) => a.frame.fn.localeCompare(b.frame.fn) || a.id.localeCompare(b.id)
    );
    for (const child2 of children) {
      walk(child2, counterpart?.children.get(child2.id), cx, depth + 1);
      cx += busy[shape] === 0 ? 0 : child2.total / busy[shape] * width;
    }
  };
  walk(trees[shape], trees[other], 0, 0);
  return { shape, other, busy, boxes };
}
function shareOf2(drawing, node, side2, field) {
  return node === void 0 || drawing.busy[side2] === 0 ? 0 : node[field] / drawing.busy[side2];
}
function delta(drawing, box) {
  const drawnSelf = shareOf2(drawing, box.node, drawing.shape, "self");
  const otherSelf = shareOf2(drawing, box.counterpart, drawing.other, "self");
  return drawing.shape === "head" ? drawnSelf - otherSelf : otherSelf - drawnSelf;
}
function boxSvg(drawing, box, scale) {
  const { shape, busy } = drawing;
  const { node, counterpart } = box;
  const isRoot = box.depth === 0;
  const name = isRoot ? `all busy samples (${busy[shape]} on ${shape})` : node.frame.fn;
  const where = location(node.frame);
  const baseNode = shape === "base" ? node : counterpart;
  const headNode = shape === "head" ? node : counterpart;
  const tip = [
    where === "" ? name : `${name} \u2014 ${where}`,
    `base: ${pct(shareOf2(drawing, baseNode, "base", "total"))} of busy samples (self ${pct(shareOf2(drawing, baseNode, "base", "self"))})`,
    `head: ${pct(shareOf2(drawing, headNode, "head", "total"))} of busy samples (self ${pct(shareOf2(drawing, headNode, "head", "self"))})`
  ].join("\n");
  const fill = isRoot ? "hsl(40,12%,80%)" : colour(delta(drawing, box), scale);
  const y = box.depth * ROW_HEIGHT;
  const chars = Math.floor((box.w - 6) / 6.6);
  const label = chars < 3 ? "" : name.length <= chars ? name : `${name.slice(0, Math.max(1, chars - 1))}\u2026`;
  return `<g><title>${escapeHtml(tip)}</title><rect x="${box.x.toFixed(1)}" y="${y}" width="${box.w.toFixed(1)}" height="${ROW_HEIGHT - 1}" fill="${fill}" rx="2"/>${label === "" ? "" : `<text x="${(box.x + 3).toFixed(1)}" y="${y + ROW_HEIGHT - 5}">${escapeHtml(label)}</text>`}</g>`;
}
function diffFlameGraphHtml(base, head2, shape, options = {}) {
  const width = options.width ?? 1200;
  const drawing = layout(base, head2, shape, width);
  const { boxes } = drawing;
  const scale = Math.max(0.01, ...boxes.slice(1).map((b) => Math.abs(delta(drawing, b))));
  const depth = boxes.reduce((m, b) => Math.max(m, b.depth), 0);
  const height = (depth + 1) * ROW_HEIGHT;
  const parts = boxes.map((box) => boxSvg(drawing, box, scale));
  const title = options.title ?? (shape === "head" ? "perf-gate: head profile, coloured by change from base" : "perf-gate: base profile, coloured by change on head");
  const explain = shape === "head" ? "Head's call tree. Width: share of head's busy CPU samples." : "Base's call tree (work that head no longer does shows here). Width: share of base's busy CPU samples.";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>
body{font:13px/1.4 system-ui,sans-serif;margin:16px;color:#222}
svg{display:block;font:11px ui-monospace,monospace}
svg text{pointer-events:none;fill:#111}
svg g:hover rect{stroke:#000;stroke-width:.8}
#details{white-space:pre;min-height:3.2em;margin:8px 0;font:12px ui-monospace,monospace}
.key{display:inline-block;width:12px;height:12px;vertical-align:middle;border-radius:2px}
</style></head><body>
<h1 style="font-size:16px;margin:0 0 4px">${escapeHtml(title)}</h1>
<p style="margin:0">${escapeHtml(explain)} Colour: change of the share spent in the function itself on the same call path,
<span class="key" style="background:hsl(0,80%,55%)"></span> more on head,
<span class="key" style="background:hsl(214,80%,55%)"></span> less on head,
<span class="key" style="background:hsl(40,12%,86%)"></span> about the same. Base: ${base.busy} busy samples; head: ${head2.busy}.</p>
<div id="details">Point at a frame for details.</div>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
${parts.join("\n")}
</svg>
<script>
const details = document.getElementById('details');
for (const g of document.querySelectorAll('svg g')) {
  g.addEventListener('mouseenter', () => { details.textContent = g.querySelector('title').textContent; });
}
</script>
</body></html>
`;
}

// src/profile/evidence.ts
var PROFILE_LEVEL = 0.01;
var MIN_TESTED_SHARE = 5e-3;
var MIN_NAMED_SHARE = 0.01;
var STANDS_FOR = 0.5;
var PROCESS_SPREAD = 0.05 * Math.SQRT2;
function offsetTP(differences, costUs) {
  const n = differences.length;
  const m = mean([...differences]);
  const s = sampleStandardDeviation([...differences]);
  const se = Math.sqrt(s * s / n + (PROCESS_SPREAD * costUs) ** 2);
  if (se === 0) return m === 0 ? 1 : 0;
  return Math.min(1, 2 * studentTSf(Math.abs(m) / se, n - 1));
}
function holm(ps, level) {
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const rejected = ps.map(() => false);
  for (const [rank, { p, i }] of order.entries()) {
    if (p > level / (ps.length - rank)) break;
    rejected[i] = true;
  }
  return rejected;
}
function sampleUs(side2, k, profile) {
  const cpu = side2.cpuSec[k];
  return cpu !== void 0 && cpu > 0 && profile.busy > 0 ? cpu * 1e6 / profile.busy : side2.sampleUs;
}
function seriesOf(side2, idOf, described) {
  const all = /* @__PURE__ */ new Map();
  const n = side2.windows.length;
  side2.windows.forEach((profile, k) => {
    const perRequest = sampleUs(side2, k, profile) / Math.max(1, side2.responses[k]);
    for (const [key, counts] of rollUp(profile, idOf, described)) {
      let s = all.get(key);
      if (s === void 0) {
        s = { self: new Array(n).fill(0), total: new Array(n).fill(0) };
        all.set(key, s);
      }
      s.self[k] = counts.self * perRequest;
      s.total[k] = counts.total * perRequest;
    }
  });
  return all;
}
function describe2(key, frame) {
  const level = key.slice(0, key.indexOf("\0"));
  const pkg = packageOf(frame);
  if (level === "function")
    return { level, name: frame.fn, file: frame.file, line: frame.line, package: pkg, pseudo: frame.pseudo };
  if (level === "file")
    return {
      level,
      name: frame.file === "" ? frame.fn : frame.file,
      file: frame.file,
      line: 0,
      package: pkg,
      pseudo: frame.file === ""
    };
  return { level, name: pkg, file: "", line: 0, package: pkg, pseudo: frame.file === "" };
}
function unitCosts(base, head2, floorUs) {
  const { baseId, headId } = matchFunctions(base.whole.functions, head2.whole.functions);
  const described = /* @__PURE__ */ new Map();
  const h = seriesOf(head2, (key) => headId.get(key) ?? key, described);
  const b = seriesOf(base, (key) => baseId.get(key) ?? key, described);
  const n = Math.min(base.windows.length, head2.windows.length);
  const zeros = new Array(n).fill(0);
  const units2 = [];
  const differences = /* @__PURE__ */ new Map();
  for (const key of /* @__PURE__ */ new Set([...b.keys(), ...h.keys()])) {
    const bs = b.get(key) ?? { self: zeros, total: zeros };
    const hs = h.get(key) ?? { self: zeros, total: zeros };
    const d = hs.self.slice(0, n).map((x, k) => x - bs.self[k]);
    const baseSelfUs = mean(bs.self.slice(0, n));
    const headSelfUs = mean(hs.self.slice(0, n));
    const tested2 = n >= 3 && (baseSelfUs + headSelfUs) / 2 >= floorUs;
    const unit2 = {
      ...describe2(key, described.get(key)),
      baseSelfUs,
      headSelfUs,
      baseTotalUs: mean(bs.total.slice(0, n)),
      headTotalUs: mean(hs.total.slice(0, n)),
      deltaUs: mean(d),
      spreadUs: n >= 2 ? sampleStandardDeviation(d) : 0,
      p: void 0,
      evident: false
    };
    if (tested2) differences.set(unit2, d);
    units2.push(unit2);
  }
  const offsets = offsetScales(units2);
  for (const [unit2, d] of differences) unit2.p = offsetTP(d, offsets.get(unit2));
  return units2;
}
function offsetScales(units2) {
  const cost = (u) => (u.baseSelfUs + u.headSelfUs) / 2;
  const squares = /* @__PURE__ */ new Map();
  for (const f of units2.filter((u) => u.level === "function")) {
    for (const home of [`file\0${f.file}`, `package\0${f.package}`])
      squares.set(home, (squares.get(home) ?? 0) + cost(f) ** 2);
  }
  const scales = /* @__PURE__ */ new Map();
  for (const u of units2) {
    const home = u.level === "file" ? `file\0${u.file}` : `package\0${u.package}`;
    const sum3 = u.level === "function" || u.pseudo ? void 0 : squares.get(home);
    scales.set(u, sum3 === void 0 ? cost(u) : Math.sqrt(sum3));
  }
  return scales;
}
function keyOf(u) {
  if (u.level === "function") return unitKey("function", `${u.name}\0${u.file}\0${u.line}`);
  return unitKey(u.level, u.name);
}
function isDependency(u) {
  return !u.pseudo && u.package !== "" && u.package !== "node:";
}
function homeOf(u) {
  if (u.pseudo) return void 0;
  return isDependency(u) ? unitKey("package", u.package) : unitKey("file", u.file);
}
function whereItLives(units2) {
  const evident = units2.filter((u) => u.evident);
  const homes = new Map(
    evident.filter(
      (u) => u.level === "package" ? isDependency(u) : u.level === "file" && !u.pseudo && !isDependency(u)
    ).map((u) => [keyOf(u), u])
  );
  const named = /* @__PURE__ */ new Map();
  for (const f of evident.filter((u) => u.level === "function")) {
    const home = homeOf(f);
    const h = home === void 0 ? void 0 : homes.get(home);
    const sameWay = h !== void 0 && Math.sign(h.deltaUs) === Math.sign(f.deltaUs);
    const standsFor = sameWay && Math.abs(f.deltaUs) >= STANDS_FOR * Math.abs(h.deltaUs);
    if (!sameWay || standsFor) named.set(keyOf(f), f);
    if (standsFor) homes.delete(home);
  }
  for (const h of homes.values()) named.set(keyOf(h), h);
  return [...named.values()].sort(
    (a, b) => Number(b.deltaUs > 0) - Number(a.deltaUs > 0) || Math.abs(b.deltaUs) - Math.abs(a.deltaUs)
  );
}
var bySize = (a, b) => Math.max(b.baseSelfUs, b.headSelfUs) - Math.max(a.baseSelfUs, a.headSelfUs) || a.name.localeCompare(b.name);
function weighEvidence(base, head2, options) {
  const level = options.level ?? PROFILE_LEVEL;
  const busy = (side2) => {
    const n = Math.min(base.windows.length, head2.windows.length);
    const perWindow = side2.windows.slice(0, n).map((p, k) => p.busy * sampleUs(side2, k, p) / Math.max(1, side2.responses[k]));
    return {
      samples: side2.windows.reduce((s, p) => s + p.samples, 0),
      busy: side2.windows.reduce((s, p) => s + p.busy, 0),
      requests: side2.responses.reduce((s, r) => s + r, 0),
      busyUs: n === 0 ? 0 : mean(perWindow)
    };
  };
  const sides = { base: busy(base), head: busy(head2) };
  const floor = options.testedFloor ?? ((baseUs) => MIN_TESTED_SHARE * baseUs);
  const units2 = unitCosts(base, head2, floor(sides.base.busyUs, sides.head.busyUs));
  const tested2 = units2.filter((u) => u.p !== void 0);
  const rejected = holm(
    tested2.map((u) => u.p),
    level
  );
  tested2.forEach((u, i) => {
    u.evident = rejected[i] && Math.abs(u.deltaUs) >= MIN_NAMED_SHARE * sides.base.busyUs;
  });
  const of = (l) => units2.filter((u) => u.level === l).sort(bySize);
  return {
    pairs: Math.min(base.windows.length, head2.windows.length),
    windowSec: options.windowSec,
    level,
    tested: tested2.length,
    evident: units2.filter((u) => u.evident).length,
    explain: options.explain,
    ...sides,
    functions: of("function"),
    files: of("file"),
    packages: of("package"),
    named: options.explain ? whereItLives(units2) : []
  };
}

// src/profile/ticks.ts
function readTicks(data) {
  if (!Array.isArray(data)) throw new Error("ticks.json is not an array of samples");
  const ticks = [];
  for (const [index, stack] of data.entries()) {
    if (!Array.isArray(stack)) throw new Error(`ticks.json: sample ${index} is not an array of frames`);
    const frames = [];
    for (const frame of stack) {
      if (frame === null || frame === void 0) continue;
      if (typeof frame !== "object" || typeof frame.name !== "string")
        throw new Error(`ticks.json: sample ${index} has a frame without a name`);
      const { name, type, kind: kind2 } = frame;
      frames.push({
        name,
        ...typeof type === "string" ? { type } : {},
        ...typeof kind2 === "string" ? { kind: kind2 } : {}
      });
    }
    ticks.push(frames);
  }
  return ticks;
}
var TRAILING_TAG = /\s*\[[A-Z][A-Z_]*(?::[A-Za-z]+)?\]$/;
var LOG_PREFIX = /^(?:LazyCompile|Function|Script|Eval|JS):\s?/;
var TIER_MARK = /^[*~^+]/;
var FILE_START = [
  " node:",
  " file:",
  " /",
  " [eval]",
  " evalmachine",
  " data:",
  " http:",
  " https:",
  " webpack:"
];
function parseFrameName(raw) {
  let name = raw;
  while (TRAILING_TAG.test(name)) name = name.replace(TRAILING_TAG, "");
  name = name.replace(LOG_PREFIX, "").replace(TIER_MARK, "");
  const location2 = /:(\d+)(?::(\d+))?$/.exec(name);
  if (location2 === null || !/[ /\\:]/.test(name.slice(0, location2.index)))
    return { fn: name.trim() || "(anonymous)", file: "", line: 0, column: 0 };
  const before = name.slice(0, location2.index);
  const line = Number(location2[1]);
  const column = location2[2] === void 0 ? 0 : Number(location2[2]);
  if (before.startsWith(" ")) return { fn: "(anonymous)", file: before.slice(1) || "[eval]", line, column };
  let split = -1;
  for (const marker of FILE_START) {
    const at = before.indexOf(marker);
    if (at >= 0 && (split < 0 || at < split)) split = at;
  }
  const drive = / [A-Za-z]:[\\/]/.exec(before);
  if (drive !== null && (split < 0 || drive.index < split)) split = drive.index;
  if (split < 0) split = before.lastIndexOf(" ");
  if (split < 0) return { fn: "(anonymous)", file: before, line, column };
  const fn = before.slice(0, split).trim() || "(anonymous)";
  const file = before.slice(split + 1) || "[eval]";
  return { fn, file, line, column };
}
function relativeFile(file, roots) {
  let path = file;
  if (path.startsWith("file://")) {
    path = path.slice("file://".length);
    try {
      path = decodeURIComponent(path);
    } catch {
    }
    if (/^\/[A-Za-z]:\//.test(path)) path = path.slice(1);
  }
  const normal = (p) => p.replace(/\\/g, "/").replace(/\/+$/, "");
  const target = normal(path);
  let best;
  for (const root of roots) {
    const r = normal(root);
    if (r === "") continue;
    if ((target === r || target.startsWith(`${r}/`)) && (best === void 0 || r.length > best.length))
      best = r;
  }
  if (best === void 0) return path;
  return target === best ? "." : target.slice(best.length + 1);
}
var IDLE_LEAF = /^(?:epoll_p?wait2?|__GI_epoll_p?wait|__epoll_p?wait|kevent(?:64)?|__kevent|uv__io_poll|uv__epoll_poll|GetQueuedCompletionStatus(?:Ex)?|NtRemoveIoCompletion(?:Ex)?|ZwRemoveIoCompletion(?:Ex)?|\(idle\)|\(program\))(?!\w)/;
var GC = /^\(garbage collector\)$|^v8::internal::(?:Heap|Scavenger|ScavengerCollector|MarkCompactCollector|MinorMarkSweepCollector|MinorMarkCompactCollector|ConcurrentMarking|IncrementalMarking|Sweeper|GCTracer|MemoryReducer|MarkingBarrier)\w*::|CollectGarbage/;
var STARTUP_FILE = /^node:internal\/(?:main|bootstrap|modules)\//;
var INSTRUMENTATION = new RegExp(
  String.raw`[/\\]0x[/\\]lib[/\\]preload[/\\]|[/\\]${ALLOCATION_PRELOAD_FILE.replaceAll(".", "\\.")}:`
);
function symbol(name) {
  return name.replace(/@@?[A-Za-z0-9_.]+$/, "").trim();
}
var GC_FRAME = {
  key: "(garbage collection)",
  fn: "(garbage collection)",
  file: "",
  line: 0,
  column: 0,
  pseudo: true
};
var NATIVE_FRAME = {
  key: "(native code)",
  fn: "(native code)",
  file: "",
  line: 0,
  column: 0,
  pseudo: true
};
function classifyFrame(raw, roots = []) {
  const type = raw.type ?? "";
  if (INSTRUMENTATION.test(raw.name)) return { frame: nativeFrame(raw.name), category: "instrumentation" };
  const parsed = parseFrameName(raw.name);
  const isJs = type === "JS" || type === "" && parsed.file !== "" && parsed.line > 0;
  if (isJs && parsed.file !== "") {
    const file = relativeFile(parsed.file, roots);
    const frame = jsFrame(parsed.fn, file, parsed.line, parsed.column);
    const startup = STARTUP_FILE.test(parsed.file) || /\s\[INIT\]/.test(raw.name);
    return { frame, category: startup ? "startup" : "js" };
  }
  const name = symbol(parsed.file === "" ? parsed.fn : raw.name);
  if (IDLE_LEAF.test(name)) return { frame: nativeFrame(name), category: "idle" };
  if (GC.test(name)) return { frame: nativeFrame(name), category: "gc" };
  return { frame: nativeFrame(name), category: "native" };
}
function jsFrame(fn, file, line, column) {
  return { key: `${fn}\0${file}\0${line}\0${column}`, fn, file, line, column, pseudo: false };
}
function nativeFrame(name) {
  return { key: `${name}\0\x000\x000`, fn: name, file: "", line: 0, column: 0, pseudo: false };
}
function classifySample(stack, roots, cache) {
  let leaf;
  let instrumented = false;
  let startup = false;
  let gc = false;
  const js = [];
  for (const raw of stack) {
    const type = raw.type ?? "";
    let byName = cache.get(type);
    if (byName === void 0) {
      byName = /* @__PURE__ */ new Map();
      cache.set(type, byName);
    }
    let c = byName.get(raw.name);
    if (c === void 0) {
      c = classifyFrame(raw, roots);
      byName.set(raw.name, c);
    }
    if (c.category === "instrumentation") {
      instrumented = true;
      continue;
    }
    leaf = c;
    if (c.category === "js") js.push(c.frame);
    else if (c.category === "startup") startup = true;
    else if (c.category === "gc") gc = true;
  }
  const none = { frames: [], gc: false, native: false };
  if (leaf === void 0) return { kind: instrumented ? "instrumentation" : "idle", ...none };
  if (leaf.category === "idle") return { kind: "idle", ...none };
  if (startup) return { kind: "startup", ...none };
  const native = leaf.category !== "js";
  if (gc) return { kind: "busy", frames: [...js, GC_FRAME], gc, native };
  if (js.length === 0) return { kind: "busy", frames: [NATIVE_FRAME], gc, native };
  return { kind: "busy", frames: js, gc, native };
}
function busySamples(ticks) {
  const cache = /* @__PURE__ */ new Map();
  return ticks.map((stack) => classifySample(stack, [], cache).kind === "busy");
}
function functionStats(stacks, busy) {
  const stats = /* @__PURE__ */ new Map();
  const stat = (frame) => {
    let s = stats.get(frame.key);
    if (s === void 0) {
      s = { ...frame, self: 0, total: 0, selfShare: 0, totalShare: 0 };
      stats.set(frame.key, s);
    }
    return s;
  };
  for (const { frames, count: count4 } of stacks) {
    const seen = /* @__PURE__ */ new Set();
    for (const frame of frames) {
      if (seen.has(frame.key)) continue;
      seen.add(frame.key);
      stat(frame).total += count4;
    }
    stat(frames[frames.length - 1]).self += count4;
  }
  const functions = [...stats.values()].map((s) => ({
    ...s,
    selfShare: busy === 0 ? 0 : s.self / busy,
    totalShare: busy === 0 ? 0 : s.total / busy
  }));
  functions.sort((a, b) => b.self - a.self || b.total - a.total || a.key.localeCompare(b.key));
  return functions;
}
function buildProfile(ticks, options = {}) {
  const roots = options.roots ?? [];
  const cache = /* @__PURE__ */ new Map();
  const counts = { idle: 0, startup: 0, instrumentation: 0, busy: 0, gc: 0, native: 0 };
  const stacks = [];
  const tree = { children: /* @__PURE__ */ new Map() };
  for (const stack of ticks) {
    const sample = classifySample(stack, roots, cache);
    if (sample.kind !== "busy") {
      counts[sample.kind]++;
      continue;
    }
    counts.busy++;
    if (sample.gc) counts.gc++;
    if (sample.native) counts.native++;
    let node = tree;
    for (const frame of sample.frames) {
      let child2 = node.children.get(frame.key);
      if (child2 === void 0) {
        child2 = { children: /* @__PURE__ */ new Map() };
        node.children.set(frame.key, child2);
      }
      node = child2;
    }
    if (node.stack) node.stack.count++;
    else {
      node.stack = { frames: sample.frames, count: 1 };
      stacks.push(node.stack);
    }
  }
  const busy = counts.busy;
  const functions = functionStats(stacks, busy);
  return {
    samples: ticks.length,
    busy,
    idle: counts.idle,
    startup: counts.startup,
    instrumentation: counts.instrumentation,
    gc: counts.gc,
    native: counts.native,
    functions,
    stacks: stacks.sort((a, b) => b.count - a.count)
  };
}

// src/profile/heap-profile.ts
var MAX_NODES2 = 2e5;
var INSTRUMENTATION2 = new RegExp(String.raw`[/\\]${ALLOCATION_PRELOAD_FILE.replaceAll(".", "\\.")}$`);
function whole(value2) {
  return typeof value2 === "number" && Number.isFinite(value2) && value2 >= 0 ? Math.floor(value2) : void 0;
}
function callFrameOf(value2) {
  if (!isRecord(value2)) return void 0;
  const { functionName, scriptId, url } = value2;
  if (typeof functionName !== "string" || typeof url !== "string") return void 0;
  return {
    functionName: functionName.slice(0, 500),
    scriptId: typeof scriptId === "string" || typeof scriptId === "number" ? String(scriptId).slice(0, 20) : "0",
    url: url.slice(0, 2e3),
    lineNumber: whole(value2.lineNumber) ?? 0,
    columnNumber: whole(value2.columnNumber) ?? 0
  };
}
function readHeapProfile(raw) {
  if (!isRecord(raw) || !isRecord(raw.head)) return void 0;
  const read = (value2) => {
    if (!isRecord(value2)) return void 0;
    const callFrame = callFrameOf(value2.callFrame);
    const selfSize = whole(value2.selfSize);
    const id = whole(value2.id);
    if (callFrame === void 0 || selfSize === void 0 || id === void 0) return void 0;
    return { callFrame, selfSize, id, children: [] };
  };
  const head2 = read(raw.head);
  if (head2 === void 0) return void 0;
  const work = [[raw.head, head2]];
  let nodes = 1;
  while (work.length > 0) {
    const [value2, node] = work.pop();
    const children = value2.children;
    if (!Array.isArray(children)) continue;
    for (const c of children) {
      const child2 = read(c);
      if (child2 === void 0 || ++nodes > MAX_NODES2) return void 0;
      node.children.push(child2);
      work.push([c, child2]);
    }
  }
  const samples = [];
  for (const s of Array.isArray(raw.samples) ? raw.samples.slice(0, 10 * MAX_NODES2) : []) {
    const sample = isRecord(s) ? { size: whole(s.size), nodeId: whole(s.nodeId), ordinal: whole(s.ordinal) } : {};
    if (sample.size !== void 0 && sample.nodeId !== void 0 && sample.ordinal !== void 0)
      samples.push(sample);
  }
  return { head: head2, samples };
}
function frameOf(c, roots) {
  const fn = c.functionName === "" ? "(anonymous)" : c.functionName;
  if (c.url === "") return { key: fn, fn, file: "", line: 0, column: 0, pseudo: true };
  return jsFrame(fn, relativeFile(c.url, roots), c.lineNumber + 1, c.columnNumber + 1);
}
function allocationProfile(profile, roots = []) {
  const stacks = [];
  const work = profile.head.children.map((n) => [n, []]);
  let instrumentation = 0;
  while (work.length > 0) {
    const [node, above] = work.pop();
    if (INSTRUMENTATION2.test(node.callFrame.url)) {
      instrumentation++;
      continue;
    }
    const frames = [...above, frameOf(node.callFrame, roots)];
    if (node.selfSize > 0) stacks.push({ frames, count: node.selfSize });
    for (const child2 of node.children) work.push([child2, frames]);
  }
  const busy = stacks.reduce((sum3, s) => sum3 + s.count, 0);
  return {
    samples: profile.samples.length,
    busy,
    idle: 0,
    startup: 0,
    instrumentation,
    gc: 0,
    native: 0,
    functions: functionStats(stacks, busy),
    stacks: stacks.sort((a, b) => b.count - a.count)
  };
}
function frameKey(c) {
  return `${c.functionName}\0${c.url}\0${c.lineNumber}\0${c.columnNumber}`;
}
function mergeHeapProfiles(profiles) {
  let nextId = 1;
  const head2 = {
    callFrame: { functionName: "(root)", scriptId: "0", url: "", lineNumber: -1, columnNumber: -1 },
    selfSize: 0,
    id: nextId++,
    children: []
  };
  const samples = [];
  const index = /* @__PURE__ */ new Map();
  const childOf = (parent, c) => {
    let byKey = index.get(parent);
    if (byKey === void 0) {
      byKey = /* @__PURE__ */ new Map();
      index.set(parent, byKey);
    }
    let node = byKey.get(frameKey(c));
    if (node === void 0) {
      node = { callFrame: c, selfSize: 0, id: nextId++, children: [] };
      byKey.set(frameKey(c), node);
      parent.children.push(node);
    }
    return node;
  };
  for (const profile of profiles) {
    const ids = /* @__PURE__ */ new Map([[profile.head.id, head2.id]]);
    const work = profile.head.children.map((n) => [n, head2]);
    head2.selfSize += profile.head.selfSize;
    while (work.length > 0) {
      const [node, parent] = work.pop();
      const merged = childOf(parent, node.callFrame);
      merged.selfSize += node.selfSize;
      ids.set(node.id, merged.id);
      for (const child2 of node.children) work.push([child2, merged]);
    }
    for (const s of [...profile.samples].sort((a, b) => a.ordinal - b.ordinal)) {
      const nodeId = ids.get(s.nodeId);
      if (nodeId !== void 0) samples.push({ size: s.size, nodeId, ordinal: samples.length + 1 });
    }
  }
  return { head: head2, samples };
}

// src/profile/allocation.ts
var KEPT_FUNCTIONS = 10;
var KEPT_NAMED = 20;
function keptPair(plan, pair2) {
  return plan === "both" ? Math.floor(pair2 / 2) % 2 === 1 : plan === "kept";
}
function windowProfiles(answers, labels) {
  const profiles = labels.map((label) => readHeapProfile(answers.get(label)));
  return profiles.every((p) => p !== void 0) && profiles.length > 0 ? profiles : void 0;
}
function allocationSide2(windows, responses, roots, merged = mergeHeapProfiles(windows)) {
  const profiles = windows.map((w) => allocationProfile(w, roots));
  return {
    whole: allocationProfile(merged, roots),
    windows: profiles,
    responses: [...responses],
    // No CPU time to share out: each counted byte stands for one byte.
    cpuSec: profiles.map(() => void 0),
    sampleUs: 1
  };
}
function allocationUnit2(u) {
  const { level, name, file, line, package: pkg, pseudo, p, evident } = u;
  return {
    level,
    name,
    file,
    line,
    package: pkg,
    pseudo,
    baseBytes: u.baseSelfUs,
    headBytes: u.headSelfUs,
    deltaBytes: u.deltaUs,
    p,
    evident
  };
}
var KEPT_TESTED_SHARE = 0.05;
function keptRank(u) {
  if (u.pseudo) return 3;
  if (u.package === "node:") return 2;
  return u.package === "" ? 0 : 1;
}
function weighAllocation(base, head2, options) {
  const { kept: kept2, leakBytes, ...rest } = options;
  const keptFloor = (baseBytes, headBytes) => KEPT_TESTED_SHARE * Math.min(Math.abs(headBytes - baseBytes), leakBytes ?? Number.POSITIVE_INFINITY);
  const e = weighEvidence(base, head2, { ...rest, ...kept2 === true && { testedFloor: keptFloor } });
  const side2 = (s) => ({ bytes: s.busyUs, samples: s.samples, requests: s.requests });
  const named = kept2 === true ? [...e.named].sort(
    (a, b) => Number(b.deltaUs > 0) - Number(a.deltaUs > 0) || keptRank(a) - keptRank(b)
  ) : e.named;
  return {
    pairs: e.pairs,
    windowSec: e.windowSec,
    level: e.level,
    tested: e.tested,
    explain: e.explain,
    base: side2(e.base),
    head: side2(e.head),
    functions: e.functions.slice(0, KEPT_FUNCTIONS).map(allocationUnit2),
    named: named.slice(0, KEPT_NAMED).map(allocationUnit2)
  };
}

// src/profile/allocation-probe.ts
import { setTimeout as sleep6 } from "node:timers/promises";
var POLL_MS2 = 2;
var ANSWER_MS = 2e3;
function answerOf(line) {
  try {
    const raw = JSON.parse(line);
    if (typeof raw !== "object" || raw === null) return void 0;
    const { seq, profile } = raw;
    return typeof seq === "string" ? { seq, profile } : void 0;
  } catch {
    return void 0;
  }
}
var AllocationProbe = class {
  /** The raw profile of each window, by the label of the edge that closed it (checked when read: heap-profile.ts). */
  profiles = /* @__PURE__ */ new Map();
  /** false once the preload failed to answer. */
  answering = true;
  sequence = 0;
  /** The file the preload appends to (its PERF_GATE_ALLOCATION). */
  outFile;
  answerMs;
  /** answerMs: the longest wait for an answer (default ANSWER_MS). */
  constructor(outFile, answerMs = ANSWER_MS) {
    this.outFile = outFile;
    this.answerMs = answerMs;
  }
  /**
   * Closes the window since the last edge under `label` and opens the next (none after the `last` one); `kept`: the
   * next measures what is kept (src/diagnostics/alloc-preload.ts).
   */
  async edge(label, last = false, kept2 = false) {
    if (!this.answering) return;
    const mode = kept2 ? KEPT_MARK : "";
    const token = `${label}#${process.pid}.${++this.sequence}${mode}${last ? LAST_MARK : ""}`;
    const from = sizeOf(this.outFile);
    try {
      writeToken(this.outFile, token);
    } catch {
      this.answering = false;
      return;
    }
    const deadline = Date.now() + this.answerMs;
    while (Date.now() < deadline) {
      await sleep6(POLL_MS2);
      const text2 = await readFrom(this.outFile, from);
      const complete = text2.slice(0, text2.lastIndexOf("\n") + 1);
      for (const line of complete.split("\n")) {
        const answer = answerOf(line);
        if (answer?.seq !== token) continue;
        this.profiles.set(label, answer.profile);
        return;
      }
    }
    this.answering = false;
  }
};

// src/profile/install.ts
import { createHash as createHash2 } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync as mkdirSync2,
  readdirSync as readdirSync4,
  readFileSync as readFileSync8,
  readlinkSync as readlinkSync2,
  renameSync as renameSync2,
  rmSync as rmSync2,
  writeFileSync as writeFileSync3
} from "node:fs";
import { tmpdir as tmpdir3 } from "node:os";
import { dirname as dirname3, join as join7, resolve as resolve3 } from "node:path";

// src/profile/zerox-files.json
var zerox_files_default = {
  what: "SHA-256 of the files `npm ci --ignore-scripts` installs from zerox-lock.json (src/profile/install.ts zeroXDigest): a cached 0x whose files hash otherwise is installed again. test/unit/profile-install.test.ts checks it against a fresh install.",
  sha256: "91c4a50903351e2fd1183c2144cfec53a9fcac996cebbf2a01b1122b05c309ee"
};

// src/profile/zerox-lock.json
var zerox_lock_default = {
  "//": "0x pinned for perf-gate profiling: package.json and its lockfile (npm install --package-lock-only 0x@6.0.0), written to the cache directory and installed with npm ci.",
  packageJson: {
    name: "perf-gate-0x",
    version: "1.0.0",
    private: true,
    dependencies: {
      "0x": "6.0.0"
    }
  },
  packageLock: {
    name: "perf-gate-0x",
    version: "1.0.0",
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": {
        name: "perf-gate-0x",
        version: "1.0.0",
        dependencies: {
          "0x": "6.0.0"
        }
      },
      "node_modules/0x": {
        version: "6.0.0",
        integrity: "sha512-4JrGHSPTaoEL3MZiKYH5BlNv67X2F48FmR3dKJZOoR/Z1CLVtVOwUb/n4PMf7B+sP9RPz+X50EbIFuwtfYguRQ==",
        license: "MIT",
        dependencies: {
          ajv: "^8.8.2",
          browserify: "^17.0.0",
          "concat-stream": "^2.0.0",
          "d3-fg": "^6.14.0",
          debounce: "^1.2.0",
          debug: "^4.1.1",
          "end-of-stream": "^1.1.0",
          "env-string": "^1.0.0",
          "escape-string-regexp": "^4.0.0",
          execspawn: "^1.0.1",
          "fs-extra": "^10.1.0",
          "has-unicode": "^2.0.1",
          "hsl-to-rgb-for-reals": "^1.1.0",
          jsonstream2: "^3.0.0",
          "make-dir": "^3.1.0",
          minimist: "^1.2.0",
          morphdom: "^2.3.3",
          nanohtml: "^1.4.0",
          "on-net-listen": "^1.1.0",
          opn: "^5.4.0",
          pump: "^3.0.0",
          pumpify: "^2.0.1",
          semver: "^7.3.5",
          "single-line-log": "^1.0.1",
          split2: "^4.0.0",
          tachyons: "^4.9.1",
          through2: "^4.0.0",
          which: "^2.0.2"
        },
        bin: {
          "0x": "cmd.js"
        },
        engines: {
          node: ">=8.5.0"
        }
      },
      "node_modules/acorn": {
        version: "7.4.1",
        integrity: "sha512-nQyp0o1/mNdbTO1PO6kHkwSrmgZ0MT/jCCpNiwbUjGoRN4dlBhqJtoQuCnEOKzgTVwg0ZWiCoQy6SxMebQVh8A==",
        license: "MIT",
        bin: {
          acorn: "bin/acorn"
        },
        engines: {
          node: ">=0.4.0"
        }
      },
      "node_modules/acorn-node": {
        version: "1.8.2",
        integrity: "sha512-8mt+fslDufLYntIoPAaIMUe/lrbrehIiwmR3t2k9LljIzoigEPF27eLk2hy8zSGzmR/ogr7zbRKINMo1u0yh5A==",
        license: "Apache-2.0",
        dependencies: {
          acorn: "^7.0.0",
          "acorn-walk": "^7.0.0",
          xtend: "^4.0.2"
        }
      },
      "node_modules/acorn-walk": {
        version: "7.2.0",
        integrity: "sha512-OPdCF6GsMIP+Az+aWfAAOEt2/+iVDKE7oy6lJ098aoe59oAmK76qV6Gw60SbZ8jHuG2wH058GF4pLFbYamYrVA==",
        license: "MIT",
        engines: {
          node: ">=0.4.0"
        }
      },
      "node_modules/ajv": {
        version: "8.20.0",
        integrity: "sha512-Thbli+OlOj+iMPYFBVBfJ3OmCAnaSyNn4M1vz9T6Gka5Jt9ba/HIR56joy65tY6kx/FCF5VXNB819Y7/GUrBGA==",
        license: "MIT",
        dependencies: {
          "fast-deep-equal": "^3.1.3",
          "fast-uri": "^3.0.1",
          "json-schema-traverse": "^1.0.0",
          "require-from-string": "^2.0.2"
        },
        funding: {
          type: "github",
          url: "https://github.com/sponsors/epoberezkin"
        }
      },
      "node_modules/ansi-regex": {
        version: "2.1.1",
        integrity: "sha512-TIGnTpdo+E3+pCyAluZvtED5p5wCqLdezCyhPZzKPcxvFplEt4i+W7OONCKgeZFT3+y5NZZfOOS/Bdcanm1MYA==",
        license: "MIT",
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/ansi-styles": {
        version: "2.2.1",
        integrity: "sha512-kmCevFghRiWM7HB5zTPULl4r9bVFSWjz62MhqizDGUrq2NWuNMQyuv4tHHoKJHs69M/MF64lEcHdYIocrdWQYA==",
        license: "MIT",
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/asn1.js": {
        version: "4.10.1",
        integrity: "sha512-p32cOF5q0Zqs9uBiONKYLm6BClCoBCM5O9JfeUSlnQLBTxYdTK+pW+nXflm8UkKd2UYlEbYz5qEi0JuZR9ckSw==",
        license: "MIT",
        dependencies: {
          "bn.js": "^4.0.0",
          inherits: "^2.0.1",
          "minimalistic-assert": "^1.0.0"
        }
      },
      "node_modules/asn1.js/node_modules/bn.js": {
        version: "4.12.5",
        integrity: "sha512-3aRg6/JxfffFD+OlOjOFR3Vo79l39ooBTFucxx+MT3dhCtzn3EmiUPQo+6/OZuI2jbXi3YKgmiTFBgChQMwIRQ==",
        license: "MIT"
      },
      "node_modules/assert": {
        version: "1.5.1",
        integrity: "sha512-zzw1uCAgLbsKwBfFc8CX78DDg+xZeBksSO3vwVIDDN5i94eOrPsSSyiVhmsSABFDM/OcpE2aagCat9dnWQLG1A==",
        license: "MIT",
        dependencies: {
          "object.assign": "^4.1.4",
          util: "^0.10.4"
        }
      },
      "node_modules/assert/node_modules/inherits": {
        version: "2.0.3",
        integrity: "sha512-x00IRNXNy63jwGkJmzPigoySHbaqpNuzKbBOmzK+g2OdZpQ9w+sxCN+VSB3ja7IAge2OP2qpfxTjeNcyjmW1uw==",
        license: "ISC"
      },
      "node_modules/assert/node_modules/util": {
        version: "0.10.4",
        integrity: "sha512-0Pm9hTQ3se5ll1XihRic3FDIku70C+iHUdT/W926rSgHV5QgXsYbKZN8MSC3tJtSkhuROzvsQjAaFENRXr+19A==",
        license: "MIT",
        dependencies: {
          inherits: "2.0.3"
        }
      },
      "node_modules/async-function": {
        version: "1.0.0",
        integrity: "sha512-hsU18Ae8CDTR6Kgu9DYf0EbCr/a5iGL0rytQDobUcdpYOKokk8LEjVphnXkDkgpi0wYVsqrXuP0bZxJaTqdgoA==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/async-generator-function": {
        version: "1.0.0",
        integrity: "sha512-+NAXNqgCrB95ya4Sr66i1CL2hqLVckAk7xwRYWdcm39/ELQ6YNn1aw5r0bdQtqNZgQpEWzc5yc/igXc7aL5SLA==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/available-typed-arrays": {
        version: "1.0.7",
        integrity: "sha512-wvUjBtSGN7+7SjNpq/9M2Tg350UZD3q62IFZLbRAR1bSMlCo1ZaeW+BJ+D090e4hIIZLBcTDWe4Mh4jvUDajzQ==",
        license: "MIT",
        dependencies: {
          "possible-typed-array-names": "^1.0.0"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/balanced-match": {
        version: "1.0.2",
        integrity: "sha512-3oSeUO0TMV67hN1AmbXsK4yaqU7tjiHlbxRDZOpH0KW9+CeX4bRAaX0Anxt0tx2MrpRpWwQaPwIlISEJhYU5Pw==",
        license: "MIT"
      },
      "node_modules/base64-js": {
        version: "1.5.1",
        integrity: "sha512-AKpaYlHn8t4SVbOHCy+b5+KKgvR4vrsD8vbvrbiQJps7fKDTkjkDry6ji0rUJjC0kzbNePLwzxq8iypo41qeWA==",
        funding: [
          {
            type: "github",
            url: "https://github.com/sponsors/feross"
          },
          {
            type: "patreon",
            url: "https://www.patreon.com/feross"
          },
          {
            type: "consulting",
            url: "https://feross.org/support"
          }
        ],
        license: "MIT"
      },
      "node_modules/bn.js": {
        version: "5.2.5",
        integrity: "sha512-Vq886eXykuP5E6HcKSSStP3bJgrE6In5WKxVUvJ8XGpWWYs2xZHWqUwzCtGgEtBcxyd57KBFDPFoUfNzdaHCNg==",
        license: "MIT"
      },
      "node_modules/brace-expansion": {
        version: "1.1.22",
        integrity: "sha512-CKLDTuSsN0+r1ThM0WkzzBI7dnPI6xEGfa/JnVYIK9JNBA1N1NyPwXVHor//NKD/y3sDxp764sZdLhFK7pH8XQ==",
        license: "MIT",
        dependencies: {
          "balanced-match": "^1.0.0",
          "concat-map": "0.0.1"
        }
      },
      "node_modules/brorand": {
        version: "1.1.0",
        integrity: "sha512-cKV8tMCEpQs4hK/ik71d6LrPOnpkpGBR0wzxqr68g2m/LB2GxVYQroAjMJZRVM1Y4BCjCKc3vAamxSzOY2RP+w==",
        license: "MIT"
      },
      "node_modules/browser-pack": {
        version: "6.1.0",
        integrity: "sha512-erYug8XoqzU3IfcU8fUgyHqyOXqIE4tUTTQ+7mqUjQlvnXkOO6OlT9c/ZoJVHYoAaqGxr09CN53G7XIsO4KtWA==",
        license: "MIT",
        dependencies: {
          "combine-source-map": "~0.8.0",
          defined: "^1.0.0",
          JSONStream: "^1.0.3",
          "safe-buffer": "^5.1.1",
          through2: "^2.0.0",
          umd: "^3.0.0"
        },
        bin: {
          "browser-pack": "bin/cmd.js"
        }
      },
      "node_modules/browser-pack/node_modules/through2": {
        version: "2.0.5",
        integrity: "sha512-/mrRod8xqpA+IHSLyGCQ2s8SPHiCDEeQJSep1jqLYeEUClOFG2Qsh+4FU6G9VeqpZnGW/Su8LQGc4YKni5rYSQ==",
        license: "MIT",
        dependencies: {
          "readable-stream": "~2.3.6",
          xtend: "~4.0.1"
        }
      },
      "node_modules/browser-process-hrtime": {
        version: "0.1.3",
        integrity: "sha512-bRFnI4NnjO6cnyLmOV/7PVoDEMJChlcfN0z4s1YMBY989/SvlfMI1lgCnkFUs53e9gQF+w7qu7XdllSTiSl8Aw==",
        license: "BSD-2-Clause"
      },
      "node_modules/browser-resolve": {
        version: "2.0.0",
        integrity: "sha512-7sWsQlYL2rGLy2IWm8WL8DCTJvYLc/qlOnsakDac87SOoCd16WLsaAMdCiAqsTNHIe+SXfaqyxyo6THoWqs8WQ==",
        license: "MIT",
        dependencies: {
          resolve: "^1.17.0"
        }
      },
      "node_modules/browserify": {
        version: "17.0.1",
        integrity: "sha512-pxhT00W3ylMhCHwG5yfqtZjNnFuX5h2IJdaBfSo4ChaaBsIp9VLrEMQ1bHV+Xr1uLPXuNDDM1GlJkjli0qkRsw==",
        license: "MIT",
        dependencies: {
          assert: "^1.4.0",
          "browser-pack": "^6.0.1",
          "browser-resolve": "^2.0.0",
          "browserify-zlib": "~0.2.0",
          buffer: "~5.2.1",
          "cached-path-relative": "^1.0.0",
          "concat-stream": "^1.6.0",
          "console-browserify": "^1.1.0",
          "constants-browserify": "~1.0.0",
          "crypto-browserify": "^3.0.0",
          defined: "^1.0.0",
          "deps-sort": "^2.0.1",
          "domain-browser": "^1.2.0",
          duplexer2: "~0.1.2",
          events: "^3.0.0",
          glob: "^7.1.0",
          hasown: "^2.0.0",
          htmlescape: "^1.1.0",
          "https-browserify": "^1.0.0",
          inherits: "~2.0.1",
          "insert-module-globals": "^7.2.1",
          JSONStream: "^1.0.3",
          "labeled-stream-splicer": "^2.0.0",
          "mkdirp-classic": "^0.5.2",
          "module-deps": "^6.2.3",
          "os-browserify": "~0.3.0",
          parents: "^1.0.1",
          "path-browserify": "^1.0.0",
          process: "~0.11.0",
          punycode: "^1.3.2",
          "querystring-es3": "~0.2.0",
          "read-only-stream": "^2.0.0",
          "readable-stream": "^2.0.2",
          resolve: "^1.1.4",
          "shasum-object": "^1.0.0",
          "shell-quote": "^1.6.1",
          "stream-browserify": "^3.0.0",
          "stream-http": "^3.0.0",
          string_decoder: "^1.1.1",
          subarg: "^1.0.0",
          "syntax-error": "^1.1.1",
          through2: "^2.0.0",
          "timers-browserify": "^1.0.1",
          "tty-browserify": "0.0.1",
          url: "~0.11.0",
          util: "~0.12.0",
          "vm-browserify": "^1.0.0",
          xtend: "^4.0.0"
        },
        bin: {
          browserify: "bin/cmd.js"
        },
        engines: {
          node: ">= 0.8"
        }
      },
      "node_modules/browserify-aes": {
        version: "1.2.0",
        integrity: "sha512-+7CHXqGuspUn/Sl5aO7Ea0xWGAtETPXNSAjHo48JfLdPWcMng33Xe4znFvQweqc/uzk5zSOI3H52CYnjCfb5hA==",
        license: "MIT",
        dependencies: {
          "buffer-xor": "^1.0.3",
          "cipher-base": "^1.0.0",
          "create-hash": "^1.1.0",
          evp_bytestokey: "^1.0.3",
          inherits: "^2.0.1",
          "safe-buffer": "^5.0.1"
        }
      },
      "node_modules/browserify-cipher": {
        version: "1.0.1",
        integrity: "sha512-sPhkz0ARKbf4rRQt2hTpAHqn47X3llLkUGn+xEJzLjwY8LRs2p0v7ljvI5EyoRO/mexrNunNECisZs+gw2zz1w==",
        license: "MIT",
        dependencies: {
          "browserify-aes": "^1.0.4",
          "browserify-des": "^1.0.0",
          evp_bytestokey: "^1.0.0"
        }
      },
      "node_modules/browserify-des": {
        version: "1.0.2",
        integrity: "sha512-BioO1xf3hFwz4kc6iBhI3ieDFompMhrMlnDFC4/0/vd5MokpuAc3R+LYbwTA9A5Yc9pq9UYPqffKpW2ObuwX5A==",
        license: "MIT",
        dependencies: {
          "cipher-base": "^1.0.1",
          "des.js": "^1.0.0",
          inherits: "^2.0.1",
          "safe-buffer": "^5.1.2"
        }
      },
      "node_modules/browserify-rsa": {
        version: "4.1.1",
        integrity: "sha512-YBjSAiTqM04ZVei6sXighu679a3SqWORA3qZTEqZImnlkDIFtKc6pNutpjyZ8RJTjQtuYfeetkxM11GwoYXMIQ==",
        license: "MIT",
        dependencies: {
          "bn.js": "^5.2.1",
          randombytes: "^2.1.0",
          "safe-buffer": "^5.2.1"
        },
        engines: {
          node: ">= 0.10"
        }
      },
      "node_modules/browserify-sign": {
        version: "4.2.6",
        integrity: "sha512-sd+Q65fjlWCYWtZKXiKfrUc8d+4jtp/8f0W2NkwzLtoW4bI6UDnWusLWIurHnmurW0XShIRxpwiOX4EoPtXUAg==",
        license: "ISC",
        dependencies: {
          "bn.js": "^5.2.3",
          "browserify-rsa": "^4.1.1",
          "create-hash": "^1.2.0",
          "create-hmac": "^1.1.7",
          elliptic: "^6.6.1",
          inherits: "^2.0.4",
          "parse-asn1": "^5.1.9",
          "readable-stream": "^2.3.8",
          "safe-buffer": "^5.2.1"
        },
        engines: {
          node: ">= 0.10"
        }
      },
      "node_modules/browserify-zlib": {
        version: "0.2.0",
        integrity: "sha512-Z942RysHXmJrhqk88FmKBVq/v5tqmSkDz7p54G/MGyjMnCFFnC79XWNbg+Vta8W6Wb2qtSZTSxIGkJrRpCFEiA==",
        license: "MIT",
        dependencies: {
          pako: "~1.0.5"
        }
      },
      "node_modules/browserify/node_modules/concat-stream": {
        version: "1.6.2",
        integrity: "sha512-27HBghJxjiZtIk3Ycvn/4kbJk/1uZuJFfuPEns6LaEvpvG1f0hTea8lilrouyo9mVc2GWdcEZ8OLoGmSADlrCw==",
        engines: ["node >= 0.8"],
        license: "MIT",
        dependencies: {
          "buffer-from": "^1.0.0",
          inherits: "^2.0.3",
          "readable-stream": "^2.2.2",
          typedarray: "^0.0.6"
        }
      },
      "node_modules/browserify/node_modules/through2": {
        version: "2.0.5",
        integrity: "sha512-/mrRod8xqpA+IHSLyGCQ2s8SPHiCDEeQJSep1jqLYeEUClOFG2Qsh+4FU6G9VeqpZnGW/Su8LQGc4YKni5rYSQ==",
        license: "MIT",
        dependencies: {
          "readable-stream": "~2.3.6",
          xtend: "~4.0.1"
        }
      },
      "node_modules/buffer": {
        version: "5.2.1",
        integrity: "sha512-c+Ko0loDaFfuPWiL02ls9Xd3GO3cPVmUobQ6t3rXNUk304u6hGq+8N/kFi+QEIKhzK3uwolVhLzszmfLmMLnqg==",
        license: "MIT",
        dependencies: {
          "base64-js": "^1.0.2",
          ieee754: "^1.1.4"
        }
      },
      "node_modules/buffer-from": {
        version: "1.1.2",
        integrity: "sha512-E+XQCRwSbaaiChtv6k6Dwgc+bx+Bs6vuKJHHl5kox/BaKbhiXzqQOwK4cO22yElGp2OCmjwVhT3HmxgyPGnJfQ==",
        license: "MIT"
      },
      "node_modules/buffer-xor": {
        version: "1.0.3",
        integrity: "sha512-571s0T7nZWK6vB67HI5dyUF7wXiNcfaPPPTl6zYCNApANjIvYJTg7hlud/+cJpdAhS7dVzqMLmfhfHR3rAcOjQ==",
        license: "MIT"
      },
      "node_modules/builtin-status-codes": {
        version: "3.0.0",
        integrity: "sha512-HpGFw18DgFWlncDfjTa2rcQ4W88O1mC8e8yZ2AvQY5KDaktSTwo+KRf6nHK6FRI5FyRyb/5T6+TSxfP7QyGsmQ==",
        license: "MIT"
      },
      "node_modules/cached-path-relative": {
        version: "1.1.0",
        integrity: "sha512-WF0LihfemtesFcJgO7xfOoOcnWzY/QHR4qeDqV44jPU3HTI54+LnfXK3SA27AVVGCdZFgjjFFaqUA9Jx7dMJZA==",
        license: "MIT"
      },
      "node_modules/call-bind": {
        version: "1.0.9",
        integrity: "sha512-a/hy+pNsFUTR+Iz8TCJvXudKVLAnz/DyeSUo10I5yvFDQJBFU2s9uqQpoSrJlroHUKoKqzg+epxyP9lqFdzfBQ==",
        license: "MIT",
        dependencies: {
          "call-bind-apply-helpers": "^1.0.2",
          "es-define-property": "^1.0.1",
          "get-intrinsic": "^1.3.0",
          "set-function-length": "^1.2.2"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/call-bind-apply-helpers": {
        version: "1.0.2",
        integrity: "sha512-Sp1ablJ0ivDkSzjcaJdxEunN5/XvksFJ2sMBFfq6x0ryhQV/2b/KwFe21cMpmHtPOSij8K99/wSfoEuTObmuMQ==",
        license: "MIT",
        dependencies: {
          "es-errors": "^1.3.0",
          "function-bind": "^1.1.2"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/call-bound": {
        version: "1.0.4",
        integrity: "sha512-+ys997U96po4Kx/ABpBCqhA9EuxJaQWDQg7295H4hBphv3IZg0boBKuwYpt4YXp6MZ5AmZQnU/tyMTlRpaSejg==",
        license: "MIT",
        dependencies: {
          "call-bind-apply-helpers": "^1.0.2",
          "get-intrinsic": "^1.3.0"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/camel-case": {
        version: "3.0.0",
        integrity: "sha512-+MbKztAYHXPr1jNTSKQF52VpcFjwY5RkR7fxksV8Doo4KAYc5Fl4UJRgthBbTmEx8C54DqahhbLJkDwjI3PI/w==",
        license: "MIT",
        dependencies: {
          "no-case": "^2.2.0",
          "upper-case": "^1.1.1"
        }
      },
      "node_modules/chalk": {
        version: "1.1.3",
        integrity: "sha512-U3lRVLMSlsCfjqYPbLyVv11M9CPW4I728d6TCKMAOJueEeB9/8o+eSsMnxPJD+Q+K909sdESg7C+tIkoH6on1A==",
        license: "MIT",
        dependencies: {
          "ansi-styles": "^2.2.1",
          "escape-string-regexp": "^1.0.2",
          "has-ansi": "^2.0.0",
          "strip-ansi": "^3.0.0",
          "supports-color": "^2.0.0"
        },
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/chalk/node_modules/escape-string-regexp": {
        version: "1.0.5",
        integrity: "sha512-vbRorB5FUQWvla16U8R/qgaFIya2qGzwDrNmCZuYKrbdSUMG6I1ZCGQRefkRVhuOkIGVne7BQ35DSfo1qvJqFg==",
        license: "MIT",
        engines: {
          node: ">=0.8.0"
        }
      },
      "node_modules/cipher-base": {
        version: "1.0.7",
        integrity: "sha512-Mz9QMT5fJe7bKI7MH31UilT5cEK5EHHRCccw/YRFsRY47AuNgaV6HY3rscp0/I4Q+tTW/5zoqpSeRRI54TkDWA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.4",
          "safe-buffer": "^5.2.1",
          "to-buffer": "^1.2.2"
        },
        engines: {
          node: ">= 0.10"
        }
      },
      "node_modules/code-point-at": {
        version: "1.1.0",
        integrity: "sha512-RpAVKQA5T63xEj6/giIbUEtZwJ4UFIc3ZtvEkiaUERylqe8xb5IvqcgOurZLahv93CLKfxcw5YI+DZcUBRyLXA==",
        license: "MIT",
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/combine-source-map": {
        version: "0.8.0",
        integrity: "sha512-UlxQ9Vw0b/Bt/KYwCFqdEwsQ1eL8d1gibiFb7lxQJFdvTgc2hIZi6ugsg+kyhzhPV+QEpUiEIwInIAIrgoEkrg==",
        license: "MIT",
        dependencies: {
          "convert-source-map": "~1.1.0",
          "inline-source-map": "~0.6.0",
          "lodash.memoize": "~3.0.3",
          "source-map": "~0.5.3"
        }
      },
      "node_modules/concat-map": {
        version: "0.0.1",
        integrity: "sha512-/Srv4dswyQNBfohGpz9o6Yb3Gz3SrUDqBH5rTuhGR7ahtlbYKnVxw2bCFMRljaA7EXHaXZ8wsHdodFvbkhKmqg==",
        license: "MIT"
      },
      "node_modules/concat-stream": {
        version: "2.0.0",
        integrity: "sha512-MWufYdFw53ccGjCA+Ol7XJYpAlW6/prSMzuPOTRnJGcGzuhLn4Scrz7qf6o8bROZ514ltazcIFJZevcfbo0x7A==",
        engines: ["node >= 6.0"],
        license: "MIT",
        dependencies: {
          "buffer-from": "^1.0.0",
          inherits: "^2.0.3",
          "readable-stream": "^3.0.2",
          typedarray: "^0.0.6"
        }
      },
      "node_modules/concat-stream/node_modules/readable-stream": {
        version: "3.6.2",
        integrity: "sha512-9u/sniCrY3D5WdsERHzHE4G2YCXqoG5FTHUiCC4SIbr6XcLZBY05ya9EKjYek9O5xOAwjGq+1JdGBAS7Q9ScoA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.3",
          string_decoder: "^1.1.1",
          "util-deprecate": "^1.0.1"
        },
        engines: {
          node: ">= 6"
        }
      },
      "node_modules/console-browserify": {
        version: "1.2.0",
        integrity: "sha512-ZMkYO/LkF17QvCPqM0gxw8yUzigAOZOSWSHg91FH6orS7vcEj5dVZTidN2fQ14yBSdg97RqhSNwLUXInd52OTA=="
      },
      "node_modules/constants-browserify": {
        version: "1.0.0",
        integrity: "sha512-xFxOwqIzR/e1k1gLiWEophSCMqXcwVHIH7akf7b/vxcUeGunlj3hvZaaqxwHsTgn+IndtkQJgSztIDWeumWJDQ==",
        license: "MIT"
      },
      "node_modules/convert-source-map": {
        version: "1.1.3",
        integrity: "sha512-Y8L5rp6jo+g9VEPgvqNfEopjTR4OTYct8lXlS8iVQdmnjDvbdbzYe9rjtFCB9egC86JoNCU61WRY+ScjkZpnIg==",
        license: "MIT"
      },
      "node_modules/core-util-is": {
        version: "1.0.3",
        integrity: "sha512-ZQBvi1DcpJ4GDqanjucZ2Hj3wEO5pZDS89BWbkcrvdxksJorwUDDZamX9ldFkp9aw2lmBDLgkObEA4DWNJ9FYQ==",
        license: "MIT"
      },
      "node_modules/create-ecdh": {
        version: "4.0.4",
        integrity: "sha512-mf+TCx8wWc9VpuxfP2ht0iSISLZnt0JgWlrOKZiNqyUZWnjIaCIVNQArMHnCZKfEYRg6IM7A+NeJoN8gf/Ws0A==",
        license: "MIT",
        dependencies: {
          "bn.js": "^4.1.0",
          elliptic: "^6.5.3"
        }
      },
      "node_modules/create-ecdh/node_modules/bn.js": {
        version: "4.12.5",
        integrity: "sha512-3aRg6/JxfffFD+OlOjOFR3Vo79l39ooBTFucxx+MT3dhCtzn3EmiUPQo+6/OZuI2jbXi3YKgmiTFBgChQMwIRQ==",
        license: "MIT"
      },
      "node_modules/create-hash": {
        version: "1.2.0",
        integrity: "sha512-z00bCGNHDG8mHAkP7CtT1qVu+bFQUPjYq/4Iv3C3kWjTFV10zIjfSoeqXo9Asws8gwSHDGj/hl2u4OGIjapeCg==",
        license: "MIT",
        dependencies: {
          "cipher-base": "^1.0.1",
          inherits: "^2.0.1",
          "md5.js": "^1.3.4",
          ripemd160: "^2.0.1",
          "sha.js": "^2.4.0"
        }
      },
      "node_modules/create-hmac": {
        version: "1.1.7",
        integrity: "sha512-MJG9liiZ+ogc4TzUwuvbER1JRdgvUFSB5+VR/g5h82fGaIRWMWddtKBHi7/sVhfjQZ6SehlyhvQYrcYkaUIpLg==",
        license: "MIT",
        dependencies: {
          "cipher-base": "^1.0.3",
          "create-hash": "^1.1.0",
          inherits: "^2.0.1",
          ripemd160: "^2.0.0",
          "safe-buffer": "^5.0.1",
          "sha.js": "^2.4.8"
        }
      },
      "node_modules/crypto-browserify": {
        version: "3.12.1",
        integrity: "sha512-r4ESw/IlusD17lgQi1O20Fa3qNnsckR126TdUuBgAu7GBYSIPvdNyONd3Zrxh0xCwA4+6w/TDArBPsMvhur+KQ==",
        license: "MIT",
        dependencies: {
          "browserify-cipher": "^1.0.1",
          "browserify-sign": "^4.2.3",
          "create-ecdh": "^4.0.4",
          "create-hash": "^1.2.0",
          "create-hmac": "^1.1.7",
          "diffie-hellman": "^5.0.3",
          "hash-base": "~3.0.4",
          inherits: "^2.0.4",
          pbkdf2: "^3.1.2",
          "public-encrypt": "^4.0.3",
          randombytes: "^2.1.0",
          randomfill: "^1.0.4"
        },
        engines: {
          node: ">= 0.10"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/d3-array": {
        version: "2.12.1",
        integrity: "sha512-B0ErZK/66mHtEsR1TkPEEkwdy+WDesimkM5gpZr5Dsg54BiTA5RXtYW5qTLIAcekaS9xfZrzBLF/OAkB3Qn1YQ==",
        license: "BSD-3-Clause",
        dependencies: {
          internmap: "^1.0.0"
        }
      },
      "node_modules/d3-color": {
        version: "2.0.0",
        integrity: "sha512-SPXi0TSKPD4g9tw0NMZFnR95XVgUZiBH+uUTqQuDu1OsE2zomHU7ho0FISciaPvosimixwHFl3WHLGabv6dDgQ==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-dispatch": {
        version: "1.0.6",
        integrity: "sha512-fVjoElzjhCEy+Hbn8KygnmMS7Or0a9sI2UzGwoB7cCtvI1XpVN9GpoYlnb3xt2YV66oXYb1fLJ8GMvP4hdU1RA==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-drag": {
        version: "1.2.5",
        integrity: "sha512-rD1ohlkKQwMZYkQlYVCrSFxsWPzI97+W+PaEIBNTMxRuxz9RF0Hi5nJWHGVJ3Om9d2fRTe1yOBINJyy/ahV95w==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-dispatch": "1",
          "d3-selection": "1"
        }
      },
      "node_modules/d3-ease": {
        version: "1.0.7",
        integrity: "sha512-lx14ZPYkhNx0s/2HX5sLFUI3mbasHjSSpwO/KaaNACweVwxUruKyWVcb293wMv1RqTPZyZ8kSZ2NogUZNcLOFQ==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-fg": {
        version: "6.14.0",
        integrity: "sha512-M4QpFZOEvAq4ZDzwabJp2inL+KXS85T2SQl00zWwjnolaCJR+gHxUbT7Ha4GxTeW1NXwzbykhv/38I1fxQqbyg==",
        license: "Apache-2.0",
        dependencies: {
          "d3-array": "^2.2.0",
          "d3-dispatch": "^1.0.5",
          "d3-ease": "^1.0.5",
          "d3-hierarchy": "^1.1.8",
          "d3-scale": "^3.0.0",
          "d3-selection": "^1.4.0",
          "d3-zoom": "^1.7.3",
          "escape-string-regexp": "^1.0.5",
          "hsl-to-rgb-for-reals": "^1.1.0"
        }
      },
      "node_modules/d3-fg/node_modules/escape-string-regexp": {
        version: "1.0.5",
        integrity: "sha512-vbRorB5FUQWvla16U8R/qgaFIya2qGzwDrNmCZuYKrbdSUMG6I1ZCGQRefkRVhuOkIGVne7BQ35DSfo1qvJqFg==",
        license: "MIT",
        engines: {
          node: ">=0.8.0"
        }
      },
      "node_modules/d3-format": {
        version: "2.0.0",
        integrity: "sha512-Ab3S6XuE/Q+flY96HXT0jOXcM4EAClYFnRGY5zsjRGNy6qCYrQsMffs7cV5Q9xejb35zxW5hf/guKw34kvIKsA==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-hierarchy": {
        version: "1.1.9",
        integrity: "sha512-j8tPxlqh1srJHAtxfvOUwKNYJkQuBFdM1+JAUfq6xqH5eAqf93L7oG1NVqDa4CpFZNvnNKtCYEUC8KY9yEn9lQ==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-interpolate": {
        version: "2.0.1",
        integrity: "sha512-c5UhwwTs/yybcmTpAVqwSFl6vrQ8JZJoT5F7xNFK9pymv5C0Ymcc9/LIJHtYIggg/yS9YHw8i8O8tgb9pupjeQ==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-color": "1 - 2"
        }
      },
      "node_modules/d3-scale": {
        version: "3.3.0",
        integrity: "sha512-1JGp44NQCt5d1g+Yy+GeOnZP7xHo0ii8zsQp6PGzd+C1/dl0KGsp9A7Mxwp+1D1o4unbTTxVdU/ZOIEBoeZPbQ==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-array": "^2.3.0",
          "d3-format": "1 - 2",
          "d3-interpolate": "1.2.0 - 2",
          "d3-time": "^2.1.1",
          "d3-time-format": "2 - 3"
        }
      },
      "node_modules/d3-selection": {
        version: "1.4.2",
        integrity: "sha512-SJ0BqYihzOjDnnlfyeHT0e30k0K1+5sR3d5fNueCNeuhZTnGw4M4o8mqJchSwgKMXCNFo+e2VTChiSJ0vYtXkg==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-time": {
        version: "2.1.1",
        integrity: "sha512-/eIQe/eR4kCQwq7yxi7z4c6qEXf2IYGcjoWB5OOQy4Tq9Uv39/947qlDcN2TLkiTzQWzvnsuYPB9TrWaNfipKQ==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-array": "2"
        }
      },
      "node_modules/d3-time-format": {
        version: "3.0.0",
        integrity: "sha512-UXJh6EKsHBTjopVqZBhFysQcoXSv/5yLONZvkQ5Kk3qbwiUYkdX17Xa1PT6U1ZWXGGfB1ey5L8dKMlFq2DO0Ag==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-time": "1 - 2"
        }
      },
      "node_modules/d3-timer": {
        version: "1.0.10",
        integrity: "sha512-B1JDm0XDaQC+uvo4DT79H0XmBskgS3l6Ve+1SBCfxgmtIb1AVrPIoqd+nPSv+loMX8szQ0sVUhGngL7D5QPiXw==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-transition": {
        version: "1.3.2",
        integrity: "sha512-sc0gRU4PFqZ47lPVHloMn9tlPcv8jxgOQg+0zjhfZXMQuvppjG6YuwdMBE0TuqCZjeJkLecku/l9R0JPcRhaDA==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-color": "1",
          "d3-dispatch": "1",
          "d3-ease": "1",
          "d3-interpolate": "1",
          "d3-selection": "^1.1.0",
          "d3-timer": "1"
        }
      },
      "node_modules/d3-transition/node_modules/d3-color": {
        version: "1.4.1",
        integrity: "sha512-p2sTHSLCJI2QKunbGb7ocOh7DgTAn8IrLx21QRc/BSnodXM4sv6aLQlnfpvehFMLZEfBc6g9pH9SWQccFYfJ9Q==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-transition/node_modules/d3-interpolate": {
        version: "1.4.0",
        integrity: "sha512-V9znK0zc3jOPV4VD2zZn0sDhZU3WAE2bmlxdIwwQPPzPjvyLkd8B3JUVdS1IDUFDkWZ72c9qnv1GK2ZagTZ8EA==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-color": "1"
        }
      },
      "node_modules/d3-zoom": {
        version: "1.8.3",
        integrity: "sha512-VoLXTK4wvy1a0JpH2Il+F2CiOhVu7VRXWF5M/LroMIh3/zBAC3WAt7QoIvPibOavVo20hN6/37vwAsdBejLyKQ==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-dispatch": "1",
          "d3-drag": "1",
          "d3-interpolate": "1",
          "d3-selection": "1",
          "d3-transition": "1"
        }
      },
      "node_modules/d3-zoom/node_modules/d3-color": {
        version: "1.4.1",
        integrity: "sha512-p2sTHSLCJI2QKunbGb7ocOh7DgTAn8IrLx21QRc/BSnodXM4sv6aLQlnfpvehFMLZEfBc6g9pH9SWQccFYfJ9Q==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-zoom/node_modules/d3-interpolate": {
        version: "1.4.0",
        integrity: "sha512-V9znK0zc3jOPV4VD2zZn0sDhZU3WAE2bmlxdIwwQPPzPjvyLkd8B3JUVdS1IDUFDkWZ72c9qnv1GK2ZagTZ8EA==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-color": "1"
        }
      },
      "node_modules/dash-ast": {
        version: "1.0.0",
        integrity: "sha512-Vy4dx7gquTeMcQR/hDkYLGUnwVil6vk4FOOct+djUnHOUWt+zJPJAaRIXaAFkPXtJjvlY7o3rfRu0/3hpnwoUA==",
        license: "Apache-2.0"
      },
      "node_modules/debounce": {
        version: "1.2.1",
        integrity: "sha512-XRRe6Glud4rd/ZGQfiV1ruXSfbvfJedlV9Y6zOlP+2K04vBYiJEte6stfFkCP03aMnY5tsipamumUjL14fofug==",
        license: "MIT"
      },
      "node_modules/debug": {
        version: "4.4.3",
        integrity: "sha512-RGwwWnwQvkVfavKVt22FGLw+xYSdzARwm0ru6DhTVA3umU5hZc28V3kO4stgYryrTlLpuvgI9GiijltAjNbcqA==",
        license: "MIT",
        dependencies: {
          ms: "^2.1.3"
        },
        engines: {
          node: ">=6.0"
        },
        peerDependenciesMeta: {
          "supports-color": {
            optional: true
          }
        }
      },
      "node_modules/define-data-property": {
        version: "1.1.4",
        integrity: "sha512-rBMvIzlpA8v6E+SJZoo++HAYqsLrkg7MSfIinMPFhmkorw7X+dOXVJQs+QT69zGkzMyfDnIMN2Wid1+NbL3T+A==",
        license: "MIT",
        dependencies: {
          "es-define-property": "^1.0.0",
          "es-errors": "^1.3.0",
          gopd: "^1.0.1"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/define-properties": {
        version: "1.2.1",
        integrity: "sha512-8QmQKqEASLd5nx0U1B1okLElbUuuttJ/AnYmRXbbbGDWh6uS208EjD4Xqq/I9wK7u0v6O08XhTWnt5XtEbR6Dg==",
        license: "MIT",
        dependencies: {
          "define-data-property": "^1.0.1",
          "has-property-descriptors": "^1.0.0",
          "object-keys": "^1.1.1"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/defined": {
        version: "1.0.1",
        integrity: "sha512-hsBd2qSVCRE+5PmNdHt1uzyrFu5d3RwmFDKzyNZMFq/EwDNJF7Ee5+D5oEKF0hU6LhtoUF1macFvOe4AskQC1Q==",
        license: "MIT",
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/deps-sort": {
        version: "2.0.1",
        integrity: "sha512-1orqXQr5po+3KI6kQb9A4jnXT1PBwggGl2d7Sq2xsnOeI9GPcE/tGcF9UiSZtZBM7MukY4cAh7MemS6tZYipfw==",
        license: "MIT",
        dependencies: {
          JSONStream: "^1.0.3",
          "shasum-object": "^1.0.0",
          subarg: "^1.0.0",
          through2: "^2.0.0"
        },
        bin: {
          "deps-sort": "bin/cmd.js"
        }
      },
      "node_modules/deps-sort/node_modules/through2": {
        version: "2.0.5",
        integrity: "sha512-/mrRod8xqpA+IHSLyGCQ2s8SPHiCDEeQJSep1jqLYeEUClOFG2Qsh+4FU6G9VeqpZnGW/Su8LQGc4YKni5rYSQ==",
        license: "MIT",
        dependencies: {
          "readable-stream": "~2.3.6",
          xtend: "~4.0.1"
        }
      },
      "node_modules/des.js": {
        version: "1.1.0",
        integrity: "sha512-r17GxjhUCjSRy8aiJpr8/UadFIzMzJGexI3Nmz4ADi9LYSFx4gTBp80+NaX/YsXWWLhpZ7v/v/ubEc/bCNfKwg==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.1",
          "minimalistic-assert": "^1.0.0"
        }
      },
      "node_modules/detective": {
        version: "5.2.1",
        integrity: "sha512-v9XE1zRnz1wRtgurGu0Bs8uHKFSTdteYZNbIPFVhUZ39L/S79ppMpdmVOZAnoz1jfEFodc48n6MX483Xo3t1yw==",
        license: "MIT",
        dependencies: {
          "acorn-node": "^1.8.2",
          defined: "^1.0.0",
          minimist: "^1.2.6"
        },
        bin: {
          detective: "bin/detective.js"
        },
        engines: {
          node: ">=0.8.0"
        }
      },
      "node_modules/diffie-hellman": {
        version: "5.0.3",
        integrity: "sha512-kqag/Nl+f3GwyK25fhUMYj81BUOrZ9IuJsjIcDE5icNM9FJHAVm3VcUDxdLPoQtTuUylWm6ZIknYJwwaPxsUzg==",
        license: "MIT",
        dependencies: {
          "bn.js": "^4.1.0",
          "miller-rabin": "^4.0.0",
          randombytes: "^2.0.0"
        }
      },
      "node_modules/diffie-hellman/node_modules/bn.js": {
        version: "4.12.5",
        integrity: "sha512-3aRg6/JxfffFD+OlOjOFR3Vo79l39ooBTFucxx+MT3dhCtzn3EmiUPQo+6/OZuI2jbXi3YKgmiTFBgChQMwIRQ==",
        license: "MIT"
      },
      "node_modules/domain-browser": {
        version: "1.2.0",
        integrity: "sha512-jnjyiM6eRyZl2H+W8Q/zLMA481hzi0eszAaBUzIVnmYVDBbnLxVNnfu1HgEBvCbL+71FrxMl3E6lpKH7Ge3OXA==",
        license: "MIT",
        engines: {
          node: ">=0.4",
          npm: ">=1.2"
        }
      },
      "node_modules/dunder-proto": {
        version: "1.0.1",
        integrity: "sha512-KIN/nDJBQRcXw0MLVhZE9iQHmG68qAVIBg9CqmUYjmQIhgij9U5MFvrqkUL5FbtyyzZuOeOt0zdeRe4UY7ct+A==",
        license: "MIT",
        dependencies: {
          "call-bind-apply-helpers": "^1.0.1",
          "es-errors": "^1.3.0",
          gopd: "^1.2.0"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/duplexer2": {
        version: "0.1.4",
        integrity: "sha512-asLFVfWWtJ90ZyOUHMqk7/S2w2guQKxUI2itj3d92ADHhxUSbCMGi1f1cBcJ7xM1To+pE/Khbwo1yuNbMEPKeA==",
        license: "BSD-3-Clause",
        dependencies: {
          "readable-stream": "^2.0.2"
        }
      },
      "node_modules/duplexify": {
        version: "4.1.3",
        integrity: "sha512-M3BmBhwJRZsSx38lZyhE53Csddgzl5R7xGJNk7CVddZD6CcmwMCH8J+7AprIrQKH7TonKxaCjcv27Qmf+sQ+oA==",
        license: "MIT",
        dependencies: {
          "end-of-stream": "^1.4.1",
          inherits: "^2.0.3",
          "readable-stream": "^3.1.1",
          "stream-shift": "^1.0.2"
        }
      },
      "node_modules/duplexify/node_modules/readable-stream": {
        version: "3.6.2",
        integrity: "sha512-9u/sniCrY3D5WdsERHzHE4G2YCXqoG5FTHUiCC4SIbr6XcLZBY05ya9EKjYek9O5xOAwjGq+1JdGBAS7Q9ScoA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.3",
          string_decoder: "^1.1.1",
          "util-deprecate": "^1.0.1"
        },
        engines: {
          node: ">= 6"
        }
      },
      "node_modules/elliptic": {
        version: "6.6.1",
        integrity: "sha512-RaddvvMatK2LJHqFJ+YA4WysVN5Ita9E35botqIYspQ4TkRAlCicdzKOjlyv/1Za5RyTNn7di//eEV0uTAfe3g==",
        license: "MIT",
        dependencies: {
          "bn.js": "^4.11.9",
          brorand: "^1.1.0",
          "hash.js": "^1.0.0",
          "hmac-drbg": "^1.0.1",
          inherits: "^2.0.4",
          "minimalistic-assert": "^1.0.1",
          "minimalistic-crypto-utils": "^1.0.1"
        }
      },
      "node_modules/elliptic/node_modules/bn.js": {
        version: "4.12.5",
        integrity: "sha512-3aRg6/JxfffFD+OlOjOFR3Vo79l39ooBTFucxx+MT3dhCtzn3EmiUPQo+6/OZuI2jbXi3YKgmiTFBgChQMwIRQ==",
        license: "MIT"
      },
      "node_modules/end-of-stream": {
        version: "1.4.5",
        integrity: "sha512-ooEGc6HP26xXq/N+GCGOT0JKCLDGrq2bQUZrQ7gyrJiZANJ/8YDTxTpQBXGMn+WbIQXNVpyWymm7KYVICQnyOg==",
        license: "MIT",
        dependencies: {
          once: "^1.4.0"
        }
      },
      "node_modules/env-string": {
        version: "1.0.1",
        integrity: "sha512-/DhCJDf5DSFK32joQiWRpWrT0h7p3hVQfMKxiBb7Nt8C8IF8BYyPtclDnuGGLOoj16d/8udKeiE7JbkotDmorQ==",
        license: "MIT"
      },
      "node_modules/es-define-property": {
        version: "1.0.1",
        integrity: "sha512-e3nRfgfUZ4rNGL232gUgX06QNyyez04KdjFrF+LTRoOXmrOgFKDg4BCdsjW8EnT69eqdYGmRpJwiPVYNrCaW3g==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/es-errors": {
        version: "1.3.0",
        integrity: "sha512-Zf5H2Kxt2xjTvbJvP2ZWLEICxA6j+hAmMzIlypy4xcBg1vKVnx89Wy0GbS+kf5cwCVFFzdCFh2XSCFNULS6csw==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/es-object-atoms": {
        version: "1.1.2",
        integrity: "sha512-HWcBoN6NileqtSydK2FqHbS/LoDd2pqrnQHLyJzBj4kOp/ky2MWMN694xOfkK8/SnUsW2DH7EfyVlydKCsm1Zw==",
        license: "MIT",
        dependencies: {
          "es-errors": "^1.3.0"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/escape-string-regexp": {
        version: "4.0.0",
        integrity: "sha512-TtpcNJ3XAzx3Gq8sWRzJaVajRs0uVxA2YAkdb1jm2YkPz4G6egUFAyA3n5vtEIZefPk5Wa4UXbKuS5fKkJWdgA==",
        license: "MIT",
        engines: {
          node: ">=10"
        },
        funding: {
          url: "https://github.com/sponsors/sindresorhus"
        }
      },
      "node_modules/estree-is-member-expression": {
        version: "1.0.0",
        integrity: "sha512-Ec+X44CapIGExvSZN+pGkmr5p7HwUVQoPQSd458Lqwvaf4/61k/invHSh4BYK8OXnCkfEhWuIoG5hayKLQStIg==",
        license: "Apache-2.0"
      },
      "node_modules/events": {
        version: "3.3.0",
        integrity: "sha512-mQw+2fkQbALzQ7V0MY0IqdnXNOeTtP4r0lN9z7AAawCXgqea7bDii20AYrIBrFd/Hx0M2Ocz6S111CaFkUcb0Q==",
        license: "MIT",
        engines: {
          node: ">=0.8.x"
        }
      },
      "node_modules/evp_bytestokey": {
        version: "1.0.3",
        integrity: "sha512-/f2Go4TognH/KvCISP7OUsHn85hT9nUkxxA9BEWxFn+Oj9o8ZNLm/40hdlgSLyuOimsrTKLUMEorQexp/aPQeA==",
        license: "MIT",
        dependencies: {
          "md5.js": "^1.3.4",
          "safe-buffer": "^5.1.1"
        }
      },
      "node_modules/execspawn": {
        version: "1.0.1",
        integrity: "sha512-s2k06Jy9i8CUkYe0+DxRlvtkZoOkwwfhB+Xxo5HGUtrISVW2m98jO2tr67DGRFxZwkjQqloA3v/tNtjhBRBieg==",
        license: "MIT",
        dependencies: {
          "util-extend": "^1.0.1"
        }
      },
      "node_modules/fast-deep-equal": {
        version: "3.1.3",
        integrity: "sha512-f3qQ9oQy9j2AhBe/H9VC91wLmKBCCU/gDOnKNAYG5hswO7BLKj09Hc5HYNz9cGI++xlpDCIgDaitVs03ATR84Q==",
        license: "MIT"
      },
      "node_modules/fast-safe-stringify": {
        version: "2.1.1",
        integrity: "sha512-W+KJc2dmILlPplD/H4K9l9LcAHAfPtP6BY84uVLXQ6Evcz9Lcg33Y2z1IVblT6xdY54PXYVHEv+0Wpq8Io6zkA==",
        license: "MIT"
      },
      "node_modules/fast-uri": {
        version: "3.1.9",
        integrity: "sha512-hS/0Wt3Ya043oKXs0sIxrMpKQITXhMLIrVAKKXi4gozGC9v7YRWVnXIZzjNPTO02M9BdxLCWqK1yRXgNziVyJQ==",
        funding: [
          {
            type: "github",
            url: "https://github.com/sponsors/fastify"
          },
          {
            type: "opencollective",
            url: "https://opencollective.com/fastify"
          }
        ],
        license: "BSD-3-Clause"
      },
      "node_modules/for-each": {
        version: "0.3.5",
        integrity: "sha512-dKx12eRCVIzqCxFGplyFKJMPvLEWgmNtUrpTiJIR5u97zEhRG8ySrtboPHZXx7daLxQVrl643cTzbab2tkQjxg==",
        license: "MIT",
        dependencies: {
          "is-callable": "^1.2.7"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/fs-extra": {
        version: "10.1.0",
        integrity: "sha512-oRXApq54ETRj4eMiFzGnHWGy+zo5raudjuxN0b8H7s/RU2oW0Wvsx9O0ACRN/kRq9E8Vu/ReskGB5o3ji+FzHQ==",
        license: "MIT",
        dependencies: {
          "graceful-fs": "^4.2.0",
          jsonfile: "^6.0.1",
          universalify: "^2.0.0"
        },
        engines: {
          node: ">=12"
        }
      },
      "node_modules/fs.realpath": {
        version: "1.0.0",
        integrity: "sha512-OO0pH2lK6a0hZnAdau5ItzHPI6pUlvI7jMVnxUQRtw4owF2wk8lOSabtGDCTP4Ggrg2MbGnWO9X8K1t4+fGMDw==",
        license: "ISC"
      },
      "node_modules/function-bind": {
        version: "1.1.2",
        integrity: "sha512-7XHNxH7qX9xG5mIwxkhumTox/MIRNcOgDrxWsMt2pAr23WHp6MrRlN7FBSFpCpr+oVO0F744iUgR82nJMfG2SA==",
        license: "MIT",
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/generator-function": {
        version: "2.0.1",
        integrity: "sha512-SFdFmIJi+ybC0vjlHN0ZGVGHc3lgE0DxPAT0djjVg+kjOnSqclqmj0KQ7ykTOLP6YxoqOvuAODGdcHJn+43q3g==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/get-assigned-identifiers": {
        version: "1.2.0",
        integrity: "sha512-mBBwmeGTrxEMO4pMaaf/uUEFHnYtwr8FTe8Y/mer4rcV/bye0qGm6pw1bGZFGStxC5O76c5ZAVBGnqHmOaJpdQ==",
        license: "Apache-2.0"
      },
      "node_modules/get-intrinsic": {
        version: "1.3.1",
        integrity: "sha512-fk1ZVEeOX9hVZ6QzoBNEC55+Ucqg4sTVwrVuigZhuRPESVFpMyXnd3sbXvPOwp7Y9riVyANiqhEuRF0G1aVSeQ==",
        license: "MIT",
        dependencies: {
          "async-function": "^1.0.0",
          "async-generator-function": "^1.0.0",
          "call-bind-apply-helpers": "^1.0.2",
          "es-define-property": "^1.0.1",
          "es-errors": "^1.3.0",
          "es-object-atoms": "^1.1.1",
          "function-bind": "^1.1.2",
          "generator-function": "^2.0.0",
          "get-proto": "^1.0.1",
          gopd: "^1.2.0",
          "has-symbols": "^1.1.0",
          hasown: "^2.0.2",
          "math-intrinsics": "^1.1.0"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/get-proto": {
        version: "1.0.1",
        integrity: "sha512-sTSfBjoXBp89JvIKIefqw7U2CCebsc74kiY6awiGogKtoSGbgjYE/G/+l9sF3MWFPNc9IcoOC4ODfKHfxFmp0g==",
        license: "MIT",
        dependencies: {
          "dunder-proto": "^1.0.1",
          "es-object-atoms": "^1.0.0"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/glob": {
        version: "7.2.3",
        integrity: "sha512-nFR0zLpU2YCaRxwoCJvL6UvCH2JFyFVIvwTLsIf21AuHlMskA1hhTdk+LlYJtOlYt9v6dvszD2BGRqBL+iQK9Q==",
        license: "ISC",
        dependencies: {
          "fs.realpath": "^1.0.0",
          inflight: "^1.0.4",
          inherits: "2",
          minimatch: "^3.1.1",
          once: "^1.3.0",
          "path-is-absolute": "^1.0.0"
        },
        engines: {
          node: "*"
        },
        funding: {
          url: "https://github.com/sponsors/isaacs"
        }
      },
      "node_modules/gopd": {
        version: "1.2.0",
        integrity: "sha512-ZUKRh6/kUFoAiTAtTYPZJ3hw9wNxx+BIBOijnlG9PnrJsCcSjs1wyyD6vJpaYtgnzDrKYRSqf3OO6Rfa93xsRg==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/graceful-fs": {
        version: "4.2.12",
        integrity: "sha512-iuyGF2E4oafQfPsRrG2wtY2ILupMhvtdrhzrxB+0VcjsPpSPttpfYdjnGFGsTi5MaJFjI1jOKHPQ6UTbTj9TAw==",
        license: "BlueOak-1.0.0"
      },
      "node_modules/has-ansi": {
        version: "2.0.0",
        integrity: "sha512-C8vBJ8DwUCx19vhm7urhTuUsr4/IyP6l4VzNQDv+ryHQObW3TTTp9yB68WpYgRe2bbaGuZ/se74IqFeVnMnLZg==",
        license: "MIT",
        dependencies: {
          "ansi-regex": "^2.0.0"
        },
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/has-property-descriptors": {
        version: "1.0.2",
        integrity: "sha512-55JNKuIW+vq4Ke1BjOTjM2YctQIvCT7GFzHwmfZPGo5wnrgkid0YQtnAleFSqumZm4az3n2BS+erby5ipJdgrg==",
        license: "MIT",
        dependencies: {
          "es-define-property": "^1.0.0"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/has-symbols": {
        version: "1.1.0",
        integrity: "sha512-1cDNdwJ2Jaohmb3sg4OmKaMBwuC48sYni5HUw2DvsC8LjGTLK9h+eb1X6RyuOHe4hT0ULCW68iomhjUoKUqlPQ==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/has-tostringtag": {
        version: "1.0.2",
        integrity: "sha512-NqADB8VjPFLM2V0VvHUewwwsw0ZWBaIdgo+ieHtK3hasLz4qeCRjYcqfB6AQrBggRKppKF8L52/VqdVsO47Dlw==",
        license: "MIT",
        dependencies: {
          "has-symbols": "^1.0.3"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/has-unicode": {
        version: "2.0.1",
        integrity: "sha512-8Rf9Y83NBReMnx0gFzA8JImQACstCYWUplepDa9xprwwtmgEZUF0h/i5xSA625zB/I37EtrswSST6OXxwaaIJQ==",
        license: "ISC"
      },
      "node_modules/hash-base": {
        version: "3.0.5",
        integrity: "sha512-vXm0l45VbcHEVlTCzs8M+s0VeYsB2lnlAaThoLKGXr3bE/VWDOelNUnycUPEhKEaXARL2TEFjBOyUiM6+55KBg==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.4",
          "safe-buffer": "^5.2.1"
        },
        engines: {
          node: ">= 0.10"
        }
      },
      "node_modules/hash.js": {
        version: "1.1.7",
        integrity: "sha512-taOaskGt4z4SOANNseOviYDvjEJinIkRgmp7LbKP2YTTmVxWBl87s/uzK9r+44BclBSp2X7K1hqeNfz9JbBeXA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.3",
          "minimalistic-assert": "^1.0.1"
        }
      },
      "node_modules/hasown": {
        version: "2.0.4",
        integrity: "sha512-T2UbfbBEF32wiepXIsMlTW9+dDYC6wMh/t/vYA4tuOMKqWz/n3vr1NFSxQiyP+zk2mXsoMA/i/7qV6LKut1t1A==",
        license: "MIT",
        dependencies: {
          "function-bind": "^1.1.2"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/hmac-drbg": {
        version: "1.0.1",
        integrity: "sha512-Tti3gMqLdZfhOQY1Mzf/AanLiqh1WTiJgEj26ZuYQ9fbkLomzGchCws4FyrSd4VkpBfiNhaE1On+lOz894jvXg==",
        license: "MIT",
        dependencies: {
          "hash.js": "^1.0.3",
          "minimalistic-assert": "^1.0.0",
          "minimalistic-crypto-utils": "^1.0.1"
        }
      },
      "node_modules/hsl-to-rgb-for-reals": {
        version: "1.1.1",
        integrity: "sha512-LgOWAkrN0rFaQpfdWBQlv/VhkOxb5AsBjk6NQVx4yEzWS923T07X0M1Y0VNko2H52HeSpZrZNNMJ0aFqsdVzQg==",
        license: "ISC"
      },
      "node_modules/htmlescape": {
        version: "1.1.1",
        integrity: "sha512-eVcrzgbR4tim7c7soKQKtxa/kQM4TzjnlU83rcZ9bHU6t31ehfV7SktN6McWgwPWg+JYMA/O3qpGxBvFq1z2Jg==",
        license: "MIT",
        engines: {
          node: ">=0.10"
        }
      },
      "node_modules/https-browserify": {
        version: "1.0.0",
        integrity: "sha512-J+FkSdyD+0mA0N+81tMotaRMfSL9SGi+xpD3T6YApKsc3bGSXJlfXri3VyFOeYkfLRQisDk1W+jIFFKBeUBbBg==",
        license: "MIT"
      },
      "node_modules/hyperscript-attribute-to-property": {
        version: "1.0.2",
        integrity: "sha512-oerMul16jZCmrbNsUw8QgrtDzF8lKgFri1bKQjReLw1IhiiNkI59CWuzZjJDGT79UQ1YiWqXhJMv/tRMVqgtkA==",
        license: "MIT"
      },
      "node_modules/hyperx": {
        version: "2.5.4",
        integrity: "sha512-iOkSh7Yse7lsN/B9y7OsevLWjeXPqGuHQ5SbwaiJM5xAhWFqhoN6erpK1dQsS12OFU36lyai1pnx1mmzWLQqcA==",
        license: "BSD",
        dependencies: {
          "hyperscript-attribute-to-property": "^1.0.0"
        }
      },
      "node_modules/ieee754": {
        version: "1.2.1",
        integrity: "sha512-dcyqhDvX1C46lXZcVqCpK+FtMRQVdIMN6/Df5js2zouUsqG7I6sFxitIC+7KYK29KdXOLHdu9zL4sFnoVQnqaA==",
        funding: [
          {
            type: "github",
            url: "https://github.com/sponsors/feross"
          },
          {
            type: "patreon",
            url: "https://www.patreon.com/feross"
          },
          {
            type: "consulting",
            url: "https://feross.org/support"
          }
        ],
        license: "BSD-3-Clause"
      },
      "node_modules/inflight": {
        version: "1.0.6",
        integrity: "sha512-k92I/b08q4wvFscXCLvqfsHCrjrF7yiXsQuIVvVE7N82W3+aqpzuUdBbfhWcy/FZR3/4IgflMgKLOsvPDrGCJA==",
        license: "ISC",
        dependencies: {
          once: "^1.3.0",
          wrappy: "1"
        }
      },
      "node_modules/inherits": {
        version: "2.0.4",
        integrity: "sha512-k/vGaX4/Yla3WzyMCvTQOXYeIHvqOKtnqBduzTHpzpQZzAskKMhZ2K+EnBiSM9zGSoIFeMpXKxa4dYeZIQqewQ==",
        license: "ISC"
      },
      "node_modules/inline-source-map": {
        version: "0.6.3",
        integrity: "sha512-1aVsPEsJWMJq/pdMU61CDlm1URcW702MTB4w9/zUjMus6H/Py8o7g68Pr9D4I6QluWGt/KdmswuRhaA05xVR1w==",
        license: "MIT",
        dependencies: {
          "source-map": "~0.5.3"
        }
      },
      "node_modules/insert-module-globals": {
        version: "7.2.1",
        integrity: "sha512-ufS5Qq9RZN+Bu899eA9QCAYThY+gGW7oRkmb0vC93Vlyu/CFGcH0OYPEjVkDXA5FEbTt1+VWzdoOD3Ny9N+8tg==",
        license: "MIT",
        dependencies: {
          "acorn-node": "^1.5.2",
          "combine-source-map": "^0.8.0",
          "concat-stream": "^1.6.1",
          "is-buffer": "^1.1.0",
          JSONStream: "^1.0.3",
          "path-is-absolute": "^1.0.1",
          process: "~0.11.0",
          through2: "^2.0.0",
          "undeclared-identifiers": "^1.1.2",
          xtend: "^4.0.0"
        },
        bin: {
          "insert-module-globals": "bin/cmd.js"
        }
      },
      "node_modules/insert-module-globals/node_modules/concat-stream": {
        version: "1.6.2",
        integrity: "sha512-27HBghJxjiZtIk3Ycvn/4kbJk/1uZuJFfuPEns6LaEvpvG1f0hTea8lilrouyo9mVc2GWdcEZ8OLoGmSADlrCw==",
        engines: ["node >= 0.8"],
        license: "MIT",
        dependencies: {
          "buffer-from": "^1.0.0",
          inherits: "^2.0.3",
          "readable-stream": "^2.2.2",
          typedarray: "^0.0.6"
        }
      },
      "node_modules/insert-module-globals/node_modules/through2": {
        version: "2.0.5",
        integrity: "sha512-/mrRod8xqpA+IHSLyGCQ2s8SPHiCDEeQJSep1jqLYeEUClOFG2Qsh+4FU6G9VeqpZnGW/Su8LQGc4YKni5rYSQ==",
        license: "MIT",
        dependencies: {
          "readable-stream": "~2.3.6",
          xtend: "~4.0.1"
        }
      },
      "node_modules/internmap": {
        version: "1.0.1",
        integrity: "sha512-lDB5YccMydFBtasVtxnZ3MRBHuaoE8GKsppq+EchKL2U4nK/DmEpPHNH8MZe5HkMtpSiTSOZwfN0tzYjO/lJEw==",
        license: "ISC"
      },
      "node_modules/is-arguments": {
        version: "1.2.0",
        integrity: "sha512-7bVbi0huj/wrIAOzb8U1aszg9kdi3KN/CyU19CTI7tAoZYEZoL9yCDXpbXN+uPsuWnP02cyug1gleqq+TU+YCA==",
        license: "MIT",
        dependencies: {
          "call-bound": "^1.0.2",
          "has-tostringtag": "^1.0.2"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/is-boolean-attribute": {
        version: "0.0.1",
        integrity: "sha512-0kXT52Scokg2Miscvsn5UVqg6y1691vcLJcagie1YHJB4zOEuAhMERLX992jtvaStGy2xQTqOtJhvmG/MK1T5w==",
        license: "MIT"
      },
      "node_modules/is-buffer": {
        version: "1.1.6",
        integrity: "sha512-NcdALwpXkTm5Zvvbk7owOUSvVvBKDgKP5/ewfXEznmQFfs4ZRmanOeKBTjRVjka3QFoN6XJ+9F3USqfHqTaU5w==",
        license: "MIT"
      },
      "node_modules/is-callable": {
        version: "1.2.7",
        integrity: "sha512-1BC0BVFhS/p0qtw6enp8e+8OD0UrK0oFLztSjNzhcKA3WDuJxxAPXzPuPtKkjEY9UUoEWlX/8fgKeu2S8i9JTA==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/is-core-module": {
        version: "2.18.0",
        integrity: "sha512-qyax9fgaKOEC4qK8WZn7Q4IcoZC9RC1O1fFxRcRTq/oMMkWT/uXpqpXa12kzWR409zAt1drYN9N9BO26UmBCmw==",
        license: "MIT",
        dependencies: {
          hasown: "^2.0.4"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/is-fullwidth-code-point": {
        version: "1.0.0",
        integrity: "sha512-1pqUqRjkhPJ9miNq9SwMfdvi6lBJcd6eFxvfaivQhaH3SgisfiuudvFntdKOmxuee/77l+FPjKrQjWvmPjWrRw==",
        license: "MIT",
        dependencies: {
          "number-is-nan": "^1.0.0"
        },
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/is-generator-function": {
        version: "1.1.2",
        integrity: "sha512-upqt1SkGkODW9tsGNG5mtXTXtECizwtS2kA161M+gJPc1xdb/Ax629af6YrTwcOeQHbewrPNlE5Dx7kzvXTizA==",
        license: "MIT",
        dependencies: {
          "call-bound": "^1.0.4",
          "generator-function": "^2.0.0",
          "get-proto": "^1.0.1",
          "has-tostringtag": "^1.0.2",
          "safe-regex-test": "^1.1.0"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/is-regex": {
        version: "1.2.1",
        integrity: "sha512-MjYsKHO5O7mCsmRGxWcLWheFqN9DJ/2TmngvjKXihe6efViPqc274+Fx/4fYj/r03+ESvBdTXK0V6tA3rgez1g==",
        license: "MIT",
        dependencies: {
          "call-bound": "^1.0.2",
          gopd: "^1.2.0",
          "has-tostringtag": "^1.0.2",
          hasown: "^2.0.2"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/is-typed-array": {
        version: "1.1.15",
        integrity: "sha512-p3EcsicXjit7SaskXHs1hA91QxgTw46Fv6EFKKGS5DRFLD8yKnohjF3hxoju94b/OcMZoQukzpPpBE9uLVKzgQ==",
        license: "MIT",
        dependencies: {
          "which-typed-array": "^1.1.16"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/is-wsl": {
        version: "1.1.0",
        integrity: "sha512-gfygJYZ2gLTDlmbWMI0CE2MwnFzSN/2SZfkMlItC4K/JBlsWVDB0bO6XhqcY13YXE7iMcAJnzTCJjPiTeJJ0Mw==",
        license: "MIT",
        engines: {
          node: ">=4"
        }
      },
      "node_modules/isarray": {
        version: "1.0.0",
        integrity: "sha512-VLghIWNM6ELQzo7zwmcg0NmTVyWKYjvIeM83yjp0wRDTmUnrM678fQbcKBo6n2CJEF0szoG//ytg+TKla89ALQ==",
        license: "MIT"
      },
      "node_modules/isexe": {
        version: "2.0.0",
        integrity: "sha512-RHxMLp9lnKHGHRng9QFhRCMbYAcVpn69smSGcq3f36xjgVVWThj4qqLbTLlq7Ssj8B+fIQ1EuCEGI2lKsyQeIw==",
        license: "ISC"
      },
      "node_modules/json-schema-traverse": {
        version: "1.0.0",
        integrity: "sha512-NM8/P9n3XjXhIZn1lLhkFaACTOURQXjWhV4BA/RnOv8xvgqtqpAX9IO4mRQxSx1Rlo4tqzeqb0sOlruaOy3dug==",
        license: "MIT"
      },
      "node_modules/jsonfile": {
        version: "6.2.1",
        integrity: "sha512-zwOTdL3rFQ/lRdBnntKVOX6k5cKJwEc1HdilT71BWEu7J41gXIB2MRp+vxduPSwZJPWBxEzv4yH1wYLJGUHX4Q==",
        license: "MIT",
        dependencies: {
          universalify: "^2.0.0"
        },
        optionalDependencies: {
          "graceful-fs": "^4.1.6"
        }
      },
      "node_modules/jsonparse": {
        version: "1.3.1",
        integrity: "sha512-POQXvpdL69+CluYsillJ7SUhKvytYjW9vG/GKpnf+xP8UWgYEM/RaMzHHofbALDiKbbP1W8UEYmgGl39WkPZsg==",
        engines: ["node >= 0.2.0"],
        license: "MIT"
      },
      "node_modules/JSONStream": {
        version: "1.3.5",
        integrity: "sha512-E+iruNOY8VV9s4JEbe1aNEm6MiszPRr/UfcHMz0TQh1BXSxHK+ASV1R6W4HpjBhSeS+54PIsAMCBmwD06LLsqQ==",
        license: "(MIT OR Apache-2.0)",
        dependencies: {
          jsonparse: "^1.2.0",
          through: ">=2.2.7 <3"
        },
        bin: {
          JSONStream: "bin.js"
        },
        engines: {
          node: "*"
        }
      },
      "node_modules/jsonstream2": {
        version: "3.0.0",
        integrity: "sha512-8ngq2XB8NjYrpe3+Xtl9lFJl6RoV2dNT4I7iyaHwxUpTBwsj0AlAR7epGfeYVP0z4Z7KxMoSxRgJWrd2jmBT/Q==",
        license: "MIT",
        dependencies: {
          jsonparse: "1.3.1",
          through2: "^3.0.1",
          "type-component": "0.0.1"
        },
        bin: {
          jsonstream: "bin/jsonstream.js"
        },
        engines: {
          node: ">=5.10.0"
        }
      },
      "node_modules/jsonstream2/node_modules/through2": {
        version: "3.0.2",
        integrity: "sha512-enaDQ4MUyP2W6ZyT6EsMzqBPZaM/avg8iuo+l2d3QCs0J+6RaqkHV/2/lOwDTueBHeJ/2LG9lrLW3d5rWPucuQ==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.4",
          "readable-stream": "2 || 3"
        }
      },
      "node_modules/labeled-stream-splicer": {
        version: "2.0.2",
        integrity: "sha512-Ca4LSXFFZUjPScRaqOcFxneA0VpKZr4MMYCljyQr4LIewTLb3Y0IUTIsnBBsVubIeEfxeSZpSjSsRM8APEQaAw==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.1",
          "stream-splicer": "^2.0.0"
        }
      },
      "node_modules/lodash.memoize": {
        version: "3.0.4",
        integrity: "sha512-eDn9kqrAmVUC1wmZvlQ6Uhde44n+tXpqPrN8olQJbttgh0oKclk+SF54P47VEGE9CEiMeRwAP8BaM7UHvBkz2A==",
        license: "MIT"
      },
      "node_modules/lower-case": {
        version: "1.1.4",
        integrity: "sha512-2Fgx1Ycm599x+WGpIYwJOvsjmXFzTSc34IwDWALRA/8AopUKAVPwfJ+h5+f85BCp0PWmmJcWzEpxOpoXycMpdA==",
        license: "MIT"
      },
      "node_modules/magic-string": {
        version: "0.23.2",
        integrity: "sha512-oIUZaAxbcxYIp4AyLafV6OVKoB3YouZs0UTCJ8mOKBHNyJgGDaMJ4TgA+VylJh6fx7EQCC52XkbURxxG9IoJXA==",
        license: "MIT",
        dependencies: {
          "sourcemap-codec": "^1.4.1"
        }
      },
      "node_modules/make-dir": {
        version: "3.1.0",
        integrity: "sha512-g3FeP20LNwhALb/6Cz6Dd4F2ngze0jz7tbzrD2wAV+o9FeNHe4rL+yK2md0J/fiSf1sa1ADhXqi5+oVwOM/eGw==",
        license: "MIT",
        dependencies: {
          semver: "^6.0.0"
        },
        engines: {
          node: ">=8"
        },
        funding: {
          url: "https://github.com/sponsors/sindresorhus"
        }
      },
      "node_modules/make-dir/node_modules/semver": {
        version: "6.3.2",
        integrity: "sha512-GYrCADwpu6yV5OAvchkQ27Z5wwMxWAEMg5NNWjyHh/5DboFFqbdbvYNIvZouQpxXyeMPoTOh0vdPYKlf0ZswdQ==",
        license: "ISC",
        bin: {
          semver: "bin/semver.js"
        }
      },
      "node_modules/math-intrinsics": {
        version: "1.1.0",
        integrity: "sha512-/IXtbwEk5HTPyEwyKX6hGkYXxM9nbj64B+ilVJnC/R6B0pH5G4V3b0pVbL7DBj4tkhBAppbQUlf6F6Xl9LHu1g==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/md5.js": {
        version: "1.3.5",
        integrity: "sha512-xitP+WxNPcTTOgnTJcrhM0xvdPepipPSf3I8EIpGKeFLjt3PlJLIDG3u8EX53ZIubkb+5U2+3rELYpEhHhzdkg==",
        license: "MIT",
        dependencies: {
          "hash-base": "^3.0.0",
          inherits: "^2.0.1",
          "safe-buffer": "^5.1.2"
        }
      },
      "node_modules/merge-source-map": {
        version: "1.0.4",
        integrity: "sha512-PGSmS0kfnTnMJCzJ16BLLCEe6oeYCamKFFdQKshi4BmM6FUwipjVOcBFGxqtQtirtAG4iZvHlqST9CpZKqlRjA==",
        license: "MIT",
        dependencies: {
          "source-map": "^0.5.6"
        }
      },
      "node_modules/miller-rabin": {
        version: "4.0.1",
        integrity: "sha512-115fLhvZVqWwHPbClyntxEVfVDfl9DLLTuJvq3g2O/Oxi8AiNouAHvDSzHS0viUJc+V5vm3eq91Xwqn9dp4jRA==",
        license: "MIT",
        dependencies: {
          "bn.js": "^4.0.0",
          brorand: "^1.0.1"
        },
        bin: {
          "miller-rabin": "bin/miller-rabin"
        }
      },
      "node_modules/miller-rabin/node_modules/bn.js": {
        version: "4.12.5",
        integrity: "sha512-3aRg6/JxfffFD+OlOjOFR3Vo79l39ooBTFucxx+MT3dhCtzn3EmiUPQo+6/OZuI2jbXi3YKgmiTFBgChQMwIRQ==",
        license: "MIT"
      },
      "node_modules/minimalistic-assert": {
        version: "1.0.1",
        integrity: "sha512-UtJcAD4yEaGtjPezWuO9wC4nwUnVH/8/Im3yEHQP4b67cXlD/Qr9hdITCU1xDbSEXg2XKNaP8jsReV7vQd00/A==",
        license: "ISC"
      },
      "node_modules/minimalistic-crypto-utils": {
        version: "1.0.1",
        integrity: "sha512-JIYlbt6g8i5jKfJ3xz7rF0LXmv2TkDxBLUkiBeZ7bAx4GnnNMr8xFpGnOxn6GhTEHx3SjRrZEoU+j04prX1ktg==",
        license: "MIT"
      },
      "node_modules/minimatch": {
        version: "3.1.5",
        integrity: "sha512-VgjWUsnnT6n+NUk6eZq77zeFdpW2LWDzP6zFGrCbHXiYNul5Dzqk2HHQ5uFH2DNW5Xbp8+jVzaeNt94ssEEl4w==",
        license: "ISC",
        dependencies: {
          "brace-expansion": "^1.1.7"
        },
        engines: {
          node: "*"
        }
      },
      "node_modules/minimist": {
        version: "1.2.8",
        integrity: "sha512-2yyAR8qBkN3YuheJanUpWC5U3bb5osDywNB8RzDVlDwDHbocAJveqqj1u8+SVD7jkWT4yvsHCpWqqWqAxb0zCA==",
        license: "MIT",
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/mkdirp-classic": {
        version: "0.5.3",
        integrity: "sha512-gKLcREMhtuZRwRAfqP3RFW+TK4JqApVBtOIftVgjuABpAtpxhPGaDcfvbhNvD0B8iD1oUr/txX35NjcaY6Ns/A==",
        license: "MIT"
      },
      "node_modules/module-deps": {
        version: "6.2.3",
        integrity: "sha512-fg7OZaQBcL4/L+AK5f4iVqf9OMbCclXfy/znXRxTVhJSeW5AIlS9AwheYwDaXM3lVW7OBeaeUEY3gbaC6cLlSA==",
        license: "MIT",
        dependencies: {
          "browser-resolve": "^2.0.0",
          "cached-path-relative": "^1.0.2",
          "concat-stream": "~1.6.0",
          defined: "^1.0.0",
          detective: "^5.2.0",
          duplexer2: "^0.1.2",
          inherits: "^2.0.1",
          JSONStream: "^1.0.3",
          parents: "^1.0.0",
          "readable-stream": "^2.0.2",
          resolve: "^1.4.0",
          "stream-combiner2": "^1.1.1",
          subarg: "^1.0.0",
          through2: "^2.0.0",
          xtend: "^4.0.0"
        },
        bin: {
          "module-deps": "bin/cmd.js"
        },
        engines: {
          node: ">= 0.8.0"
        }
      },
      "node_modules/module-deps/node_modules/concat-stream": {
        version: "1.6.2",
        integrity: "sha512-27HBghJxjiZtIk3Ycvn/4kbJk/1uZuJFfuPEns6LaEvpvG1f0hTea8lilrouyo9mVc2GWdcEZ8OLoGmSADlrCw==",
        engines: ["node >= 0.8"],
        license: "MIT",
        dependencies: {
          "buffer-from": "^1.0.0",
          inherits: "^2.0.3",
          "readable-stream": "^2.2.2",
          typedarray: "^0.0.6"
        }
      },
      "node_modules/module-deps/node_modules/through2": {
        version: "2.0.5",
        integrity: "sha512-/mrRod8xqpA+IHSLyGCQ2s8SPHiCDEeQJSep1jqLYeEUClOFG2Qsh+4FU6G9VeqpZnGW/Su8LQGc4YKni5rYSQ==",
        license: "MIT",
        dependencies: {
          "readable-stream": "~2.3.6",
          xtend: "~4.0.1"
        }
      },
      "node_modules/morphdom": {
        version: "2.7.8",
        integrity: "sha512-D/fR4xgGUyVRbdMGU6Nejea1RFzYxYtyurG4Fbv2Fi/daKlWKuXGLOdXtl+3eIwL110cI2hz1ZojGICjjFLgTg==",
        license: "MIT"
      },
      "node_modules/ms": {
        version: "2.1.3",
        integrity: "sha512-6FlzubTLZG3J2a/NVCAleEhjzq5oxgHyaCU9yYXvcLsvoVaHJq/s5xXI6/XXP6tz7R9xAOtHnSO/tXtF3WRTlA==",
        license: "MIT"
      },
      "node_modules/mutexify": {
        version: "1.4.0",
        integrity: "sha512-pbYSsOrSB/AKN5h/WzzLRMFgZhClWccf2XIB4RSMC8JbquiB0e0/SH5AIfdQMdyHmYtv4seU7yV/TvAwPLJ1Yg==",
        license: "MIT",
        dependencies: {
          "queue-tick": "^1.0.0"
        }
      },
      "node_modules/nanoassert": {
        version: "1.1.0",
        integrity: "sha512-C40jQ3NzfkP53NsO8kEOFd79p4b9kDXQMwgiY1z8ZwrDZgUyom0AHwGegF4Dm99L+YoYhuaB0ceerUcXmqr1rQ==",
        license: "ISC"
      },
      "node_modules/nanobench": {
        version: "2.1.1",
        integrity: "sha512-z+Vv7zElcjN+OpzAxAquUayFLGK3JI/ubCl0Oh64YQqsTGG09CGqieJVQw4ui8huDnnAgrvTv93qi5UaOoNj8A==",
        license: "MIT",
        dependencies: {
          "browser-process-hrtime": "^0.1.2",
          chalk: "^1.1.3",
          mutexify: "^1.1.0",
          "pretty-hrtime": "^1.0.2"
        },
        bin: {
          nanobench: "run.js",
          "nanobench-compare": "compare.js"
        }
      },
      "node_modules/nanohtml": {
        version: "1.10.0",
        integrity: "sha512-r/3AQl+jxAxUIJRiKExUjBtFcE1cm4yTOsTIdVqqlxPNtBxJh522ANrcQYzdNHhPzbPgb7j6qujq6eGehBX0kg==",
        license: "MIT",
        dependencies: {
          "acorn-node": "^1.8.2",
          "camel-case": "^3.0.0",
          "convert-source-map": "^1.5.1",
          "estree-is-member-expression": "^1.0.0",
          hyperx: "^2.5.0",
          "is-boolean-attribute": "0.0.1",
          nanoassert: "^1.1.0",
          nanobench: "^2.1.0",
          "normalize-html-whitespace": "^0.2.0",
          through2: "^2.0.3",
          "transform-ast": "^2.4.0"
        }
      },
      "node_modules/nanohtml/node_modules/convert-source-map": {
        version: "1.9.0",
        integrity: "sha512-ASFBup0Mz1uyiIjANan1jzLQami9z1PoYSZCiiYW2FczPbenXc45FZdBZLzOT+r6+iciuEModtmCti+hjaAk0A==",
        license: "MIT"
      },
      "node_modules/nanohtml/node_modules/through2": {
        version: "2.0.5",
        integrity: "sha512-/mrRod8xqpA+IHSLyGCQ2s8SPHiCDEeQJSep1jqLYeEUClOFG2Qsh+4FU6G9VeqpZnGW/Su8LQGc4YKni5rYSQ==",
        license: "MIT",
        dependencies: {
          "readable-stream": "~2.3.6",
          xtend: "~4.0.1"
        }
      },
      "node_modules/no-case": {
        version: "2.3.2",
        integrity: "sha512-rmTZ9kz+f3rCvK2TD1Ue/oZlns7OGoIWP4fc3llxxRXlOkHKoWPPWJOfFYpITabSow43QJbRIoHQXtt10VldyQ==",
        license: "MIT",
        dependencies: {
          "lower-case": "^1.1.1"
        }
      },
      "node_modules/normalize-html-whitespace": {
        version: "0.2.0",
        integrity: "sha512-5CZAEQ4bQi8Msqw0GAT6rrkrjNN4ZKqAG3+jJMwms4O6XoMvh6ekwOueG4mRS1LbPUR1r9EdnhxxfpzMTOdzKw==",
        license: "MIT",
        engines: {
          node: ">= 0.10"
        }
      },
      "node_modules/number-is-nan": {
        version: "1.0.1",
        integrity: "sha512-4jbtZXNAsfZbAHiiqjLPBiCl16dES1zI4Hpzzxw61Tk+loF+sBDBKx1ICKKKwIqQ7M0mFn1TmkN7euSncWgHiQ==",
        license: "MIT",
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/object-inspect": {
        version: "1.13.4",
        integrity: "sha512-W67iLl4J2EXEGTbfeHCffrjDfitvLANg0UlX3wFUUSTx92KXRFegMHUVgSqE+wvhAbi4WqjGg9czysTV2Epbew==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/object-keys": {
        version: "1.1.1",
        integrity: "sha512-NuAESUOUMrlIXOfHKzD6bpPu3tYt3xvjNdRIQ+FeT0lNb4K8WR70CaDxhuNguS2XG+GjkyMwOzsN5ZktImfhLA==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/object.assign": {
        version: "4.1.7",
        integrity: "sha512-nK28WOo+QIjBkDduTINE4JkF/UJJKyf2EJxvJKfblDpyg0Q+pkOHNTL0Qwy6NP6FhE/EnzV73BxxqcJaXY9anw==",
        license: "MIT",
        dependencies: {
          "call-bind": "^1.0.8",
          "call-bound": "^1.0.3",
          "define-properties": "^1.2.1",
          "es-object-atoms": "^1.0.0",
          "has-symbols": "^1.1.0",
          "object-keys": "^1.1.1"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/on-net-listen": {
        version: "1.1.2",
        integrity: "sha512-y1HRYy8s/RlcBvDUwKXSmkODMdx4KSuIvloCnQYJ2LdBBC1asY4HtfhXwe3UWknLakATZDnbzht2Ijw3M1EqFg==",
        license: "MIT",
        engines: {
          node: ">=9.4.0 || ^8.9.4"
        }
      },
      "node_modules/once": {
        version: "1.4.0",
        integrity: "sha512-lNaJgI+2Q5URQBkccEKHTQOPaXdUxnZZElQTZY0MFUAuaEqe1E+Nyvgdz/aIyNi6Z9MzO5dv1H8n58/GELp3+w==",
        license: "ISC",
        dependencies: {
          wrappy: "1"
        }
      },
      "node_modules/opn": {
        version: "5.5.0",
        integrity: "sha512-PqHpggC9bLV0VeWcdKhkpxY+3JTzetLSqTCWL/z/tFIbI6G8JCjondXklT1JinczLz2Xib62sSp0T/gKT4KksA==",
        license: "MIT",
        dependencies: {
          "is-wsl": "^1.1.0"
        },
        engines: {
          node: ">=4"
        }
      },
      "node_modules/os-browserify": {
        version: "0.3.0",
        integrity: "sha512-gjcpUc3clBf9+210TRaDWbf+rZZZEshZ+DlXMRCeAjp0xhTrnQsKHypIy1J3d5hKdUzj69t708EHtU8P6bUn0A==",
        license: "MIT"
      },
      "node_modules/pako": {
        version: "1.0.11",
        integrity: "sha512-4hLB8Py4zZce5s4yd9XzopqwVv/yGNhV1Bl8NTmCq1763HeK2+EwVTv+leGeL13Dnh2wfbqowVPXCIO0z4taYw==",
        license: "(MIT AND Zlib)"
      },
      "node_modules/parents": {
        version: "1.0.1",
        integrity: "sha512-mXKF3xkoUt5td2DoxpLmtOmZvko9VfFpwRwkKDHSNvgmpLAeBo18YDhcPbBzJq+QLCHMbGOfzia2cX4U+0v9Mg==",
        license: "MIT",
        dependencies: {
          "path-platform": "~0.11.15"
        }
      },
      "node_modules/parse-asn1": {
        version: "5.1.10",
        integrity: "sha512-gBlTKLbYnAJN9WjmawVOMfaGvVoy4lX0LH18t7ccwtEG9RgAa4ETf2eu3d2J4e/5SoCjCms0A0UF4tTw/Eyn6Q==",
        license: "ISC",
        dependencies: {
          "asn1.js": "^4.10.1",
          "browserify-aes": "^1.2.0",
          evp_bytestokey: "^1.0.3",
          pbkdf2: "^3.1.7",
          "safe-buffer": "^5.2.1"
        },
        engines: {
          node: ">= 0.10"
        }
      },
      "node_modules/path-browserify": {
        version: "1.0.1",
        integrity: "sha512-b7uo2UCUOYZcnF/3ID0lulOJi/bafxa1xPe7ZPsammBSpjSWQkjNxlt635YGS2MiR9GjvuXCtz2emr3jbsz98g==",
        license: "MIT"
      },
      "node_modules/path-is-absolute": {
        version: "1.0.1",
        integrity: "sha512-AVbw3UJ2e9bq64vSaS9Am0fje1Pa8pbGqTTsmXfaIiMpnr5DlDhfJOuLj9Sf95ZPVDAUerDfEk88MPmPe7UCQg==",
        license: "MIT",
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/path-parse": {
        version: "1.0.7",
        integrity: "sha512-LDJzPVEEEPR+y48z93A0Ed0yXb8pAByGWo/k5YYdYgpY2/2EsOsksJrq7lOHxryrVOn1ejG6oAp8ahvOIQD8sw==",
        license: "MIT"
      },
      "node_modules/path-platform": {
        version: "0.11.15",
        integrity: "sha512-Y30dB6rab1A/nfEKsZxmr01nUotHX0c/ZiIAsCTatEe1CmS5Pm5He7fZ195bPT7RdquoaL8lLxFCMQi/bS7IJg==",
        license: "MIT",
        engines: {
          node: ">= 0.8.0"
        }
      },
      "node_modules/pbkdf2": {
        version: "3.1.7",
        integrity: "sha512-nS4mvFgVwUrecPTRdpdseM2fwpdfnX0/HibA8DgBRQtihUAzHQYJFU2l+OlEtiXtpqkrMvCPDwyXMUnASDt6Qw==",
        license: "MIT",
        dependencies: {
          "create-hash": "^1.2.0",
          "create-hmac": "^1.1.7",
          ripemd160: "^2.0.3",
          "safe-buffer": "^5.2.1",
          "sha.js": "^2.4.12",
          "to-buffer": "^1.2.2"
        },
        engines: {
          node: ">= 0.10"
        }
      },
      "node_modules/possible-typed-array-names": {
        version: "1.1.0",
        integrity: "sha512-/+5VFTchJDoVj3bhoqi6UeymcD00DAwb1nJwamzPvHEszJ4FpF6SNNbUbOS8yI56qHzdV8eK0qEfOSiodkTdxg==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/pretty-hrtime": {
        version: "1.0.3",
        integrity: "sha512-66hKPCr+72mlfiSjlEB1+45IjXSqvVAIy6mocupoww4tBFE9R9IhwwUGoI4G++Tc9Aq+2rxOt0RFU6gPcrte0A==",
        license: "MIT",
        engines: {
          node: ">= 0.8"
        }
      },
      "node_modules/process": {
        version: "0.11.10",
        integrity: "sha512-cdGef/drWFoydD1JsMzuFf8100nZl+GT+yacc2bEced5f9Rjk4z+WtFUTBu9PhOi9j/jfmBPu0mMEY4wIdAF8A==",
        license: "MIT",
        engines: {
          node: ">= 0.6.0"
        }
      },
      "node_modules/process-nextick-args": {
        version: "2.0.1",
        integrity: "sha512-3ouUOpQhtgrbOa17J7+uxOTpITYWaGP7/AhoR3+A+/1e9skrzelGi/dXzEYyvbxubEF6Wn2ypscTKiKJFFn1ag==",
        license: "MIT"
      },
      "node_modules/public-encrypt": {
        version: "4.0.3",
        integrity: "sha512-zVpa8oKZSz5bTMTFClc1fQOnyyEzpl5ozpi1B5YcvBrdohMjH2rfsBtyXcuNuwjsDIXmBYlF2N5FlJYhR29t8Q==",
        license: "MIT",
        dependencies: {
          "bn.js": "^4.1.0",
          "browserify-rsa": "^4.0.0",
          "create-hash": "^1.1.0",
          "parse-asn1": "^5.0.0",
          randombytes: "^2.0.1",
          "safe-buffer": "^5.1.2"
        }
      },
      "node_modules/public-encrypt/node_modules/bn.js": {
        version: "4.12.5",
        integrity: "sha512-3aRg6/JxfffFD+OlOjOFR3Vo79l39ooBTFucxx+MT3dhCtzn3EmiUPQo+6/OZuI2jbXi3YKgmiTFBgChQMwIRQ==",
        license: "MIT"
      },
      "node_modules/pump": {
        version: "3.0.4",
        integrity: "sha512-VS7sjc6KR7e1ukRFhQSY5LM2uBWAUPiOPa/A3mkKmiMwSmRFUITt0xuj+/lesgnCv+dPIEYlkzrcyXgquIHMcA==",
        license: "MIT",
        dependencies: {
          "end-of-stream": "^1.1.0",
          once: "^1.3.1"
        }
      },
      "node_modules/pumpify": {
        version: "2.0.1",
        integrity: "sha512-m7KOje7jZxrmutanlkS1daj1dS6z6BgslzOXmcSEpIlCxM3VJH7lG5QLeck/6hgF6F4crFf01UtQmNsJfweTAw==",
        license: "MIT",
        dependencies: {
          duplexify: "^4.1.1",
          inherits: "^2.0.3",
          pump: "^3.0.0"
        }
      },
      "node_modules/punycode": {
        version: "1.4.1",
        integrity: "sha512-jmYNElW7yvO7TV33CjSmvSiE2yco3bV2czu/OzDKdMNVZQWfxCblURLhf+47syQRBntjfLdd/H0egrzIG+oaFQ==",
        license: "MIT"
      },
      "node_modules/qs": {
        version: "6.17.1",
        integrity: "sha512-jd3COkaKVgGUW+ZHyEHCG9bH7RoaaiWuMgzsIBjUMVjLAaWGWpoUAVwljVvBHxRu/2qEHnadLGZrkutYUBPQJA==",
        license: "BSD-3-Clause",
        dependencies: {
          "es-define-property": "^1.0.1",
          "side-channel": "^1.1.1"
        },
        engines: {
          node: ">=0.6"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/querystring-es3": {
        version: "0.2.1",
        integrity: "sha512-773xhDQnZBMFobEiztv8LIl70ch5MSF/jUQVlhwFyBILqq96anmoctVIYz+ZRp0qbCKATTn6ev02M3r7Ga5vqA==",
        engines: {
          node: ">=0.4.x"
        }
      },
      "node_modules/queue-tick": {
        version: "1.0.1",
        integrity: "sha512-kJt5qhMxoszgU/62PLP1CJytzd2NKetjSRnyuj31fDd3Rlcz3fzlFdFLD1SItunPwyqEOkca6GbV612BWfaBag==",
        license: "MIT"
      },
      "node_modules/randombytes": {
        version: "2.1.0",
        integrity: "sha512-vYl3iOX+4CKUWuxGi9Ukhie6fsqXqS9FE2Zaic4tNFD2N2QQaXOMFbuKK4QmDHC0JO6B1Zp41J0LpT0oR68amQ==",
        license: "MIT",
        dependencies: {
          "safe-buffer": "^5.1.0"
        }
      },
      "node_modules/randomfill": {
        version: "1.0.4",
        integrity: "sha512-87lcbR8+MhcWcUiQ+9e+Rwx8MyR2P7qnt15ynUlbm3TU/fjbgz4GsvfSUDTemtCCtVCqb4ZcEFlyPNTh9bBTLw==",
        license: "MIT",
        dependencies: {
          randombytes: "^2.0.5",
          "safe-buffer": "^5.1.0"
        }
      },
      "node_modules/read-only-stream": {
        version: "2.0.0",
        integrity: "sha512-3ALe0bjBVZtkdWKIcThYpQCLbBMd/+Tbh2CDSrAIDO3UsZ4Xs+tnyjv2MjCOMMgBG+AsUOeuP1cgtY1INISc8w==",
        license: "MIT",
        dependencies: {
          "readable-stream": "^2.0.2"
        }
      },
      "node_modules/readable-stream": {
        version: "2.3.8",
        integrity: "sha512-8p0AUk4XODgIewSi0l8Epjs+EVnWiK7NoDIEGU0HhE7+ZyY8D1IMY7odu5lRrFXGg71L15KG8QrPmum45RTtdA==",
        license: "MIT",
        dependencies: {
          "core-util-is": "~1.0.0",
          inherits: "~2.0.3",
          isarray: "~1.0.0",
          "process-nextick-args": "~2.0.0",
          "safe-buffer": "~5.1.1",
          string_decoder: "~1.1.1",
          "util-deprecate": "~1.0.1"
        }
      },
      "node_modules/readable-stream/node_modules/safe-buffer": {
        version: "5.1.2",
        integrity: "sha512-Gd2UZBJDkXlY7GbJxfsE8/nvKkUEU1G38c1siN6QP6a9PT9MmHB8GnpscSmMJSoF8LOIrt8ud/wPtojys4G6+g==",
        license: "MIT"
      },
      "node_modules/readable-stream/node_modules/string_decoder": {
        version: "1.1.1",
        integrity: "sha512-n/ShnvDi6FHbbVfviro+WojiFzv+s8MPMHBczVePfUpDJLwoLT0ht1l4YwBCbi8pJAveEEdnkHyPyTP/mzRfwg==",
        license: "MIT",
        dependencies: {
          "safe-buffer": "~5.1.0"
        }
      },
      "node_modules/require-from-string": {
        version: "2.0.2",
        integrity: "sha512-Xf0nWe6RseziFMu+Ap9biiUbmplq6S9/p+7w7YXP/JBHhrUDDUhwa+vANyubuqfZWTveU//DYVGsDG7RKL/vEw==",
        license: "MIT",
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/resolve": {
        version: "1.22.14",
        integrity: "sha512-1ZjYvR9sbkiwC5+9QHetqW5HmA2pHRMaoupD01t2HlYnV/vydC2zPwLixhsMieSWVZt0JJRg5LVIk0Ow1D/TrA==",
        license: "MIT",
        dependencies: {
          "es-errors": "^1.3.0",
          "is-core-module": "^2.18.0",
          "path-parse": "^1.0.7",
          "supports-preserve-symlinks-flag": "^1.0.0"
        },
        bin: {
          resolve: "bin/resolve"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/ripemd160": {
        version: "2.0.3",
        integrity: "sha512-5Di9UC0+8h1L6ZD2d7awM7E/T4uA1fJRlx6zk/NvdCCVEoAnFqvHmCuNeIKoCeIixBX/q8uM+6ycDvF8woqosA==",
        license: "MIT",
        dependencies: {
          "hash-base": "^3.1.2",
          inherits: "^2.0.4"
        },
        engines: {
          node: ">= 0.8"
        }
      },
      "node_modules/ripemd160/node_modules/hash-base": {
        version: "3.1.2",
        integrity: "sha512-Bb33KbowVTIj5s7Ked1OsqHUeCpz//tPwR+E2zJgJKo9Z5XolZ9b6bdUgjmYlwnWhoOQKoTd1TYToZGn5mAYOg==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.4",
          "readable-stream": "^2.3.8",
          "safe-buffer": "^5.2.1",
          "to-buffer": "^1.2.1"
        },
        engines: {
          node: ">= 0.8"
        }
      },
      "node_modules/safe-buffer": {
        version: "5.2.1",
        integrity: "sha512-rp3So07KcdmmKbGvgaNxQSJr7bGVSVk5S9Eq1F+ppbRo70+YeaDxkw5Dd8NPN+GD6bjnYm2VuPuCXmpuYvmCXQ==",
        funding: [
          {
            type: "github",
            url: "https://github.com/sponsors/feross"
          },
          {
            type: "patreon",
            url: "https://www.patreon.com/feross"
          },
          {
            type: "consulting",
            url: "https://feross.org/support"
          }
        ],
        license: "MIT"
      },
      "node_modules/safe-regex-test": {
        version: "1.1.0",
        integrity: "sha512-x/+Cz4YrimQxQccJf5mKEbIa1NzeCRNI5Ecl/ekmlYaampdNLPalVyIcCZNNH3MvmqBugV5TMYZXv0ljslUlaw==",
        license: "MIT",
        dependencies: {
          "call-bound": "^1.0.2",
          "es-errors": "^1.3.0",
          "is-regex": "^1.2.1"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/semver": {
        version: "7.8.6",
        integrity: "sha512-9lpSSU4Mly3mrtruwLs1eLK6+gzbzqeBFwRNjIjE+9LuDpWdYctrQlQ3ej1Ilgi7gknpsTRnPoLP8DpCHqHIJw==",
        license: "ISC",
        bin: {
          semver: "bin/semver.js"
        },
        engines: {
          node: ">=10"
        }
      },
      "node_modules/set-function-length": {
        version: "1.2.2",
        integrity: "sha512-pgRc4hJ4/sNjWCSS9AmnS40x3bNMDTknHgL5UaMBTMyJnU90EgWh1Rz+MC9eFu4BuN/UwZjKQuY/1v3rM7HMfg==",
        license: "MIT",
        dependencies: {
          "define-data-property": "^1.1.4",
          "es-errors": "^1.3.0",
          "function-bind": "^1.1.2",
          "get-intrinsic": "^1.2.4",
          gopd: "^1.0.1",
          "has-property-descriptors": "^1.0.2"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/sha.js": {
        version: "2.4.12",
        integrity: "sha512-8LzC5+bvI45BjpfXU8V5fdU2mfeKiQe1D1gIMn7XUlF3OTUrpdJpPPH4EMAnF0DsHHdSZqCdSss5qCmJKuiO3w==",
        license: "(MIT AND BSD-3-Clause)",
        dependencies: {
          inherits: "^2.0.4",
          "safe-buffer": "^5.2.1",
          "to-buffer": "^1.2.0"
        },
        bin: {
          "sha.js": "bin.js"
        },
        engines: {
          node: ">= 0.10"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/shasum-object": {
        version: "1.0.1",
        integrity: "sha512-SsC+1tW7XKQ/94D4k1JhLmjDFpVGET/Nf54jVDtbavbALf8Zhp0Td9zTlxScjMW6nbEIrpADtPWfLk9iCXzHDQ==",
        license: "Apache-2.0",
        dependencies: {
          "fast-safe-stringify": "^2.0.7"
        },
        bin: {
          "shasum-object": "bin.js"
        }
      },
      "node_modules/shell-quote": {
        version: "1.12.0",
        integrity: "sha512-PcByqNyT/38F2kDNi006HAMRJaULuBzq/FOsw3qdZvX/GA9W/jamDaRskgHjubHiftXK5sIFxLNkvrXUwcof6Q==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/side-channel": {
        version: "1.1.1",
        integrity: "sha512-6x6dK6zJdpTzF4sQeNYxwtvBzf6Eg4GtlesS94HOvTudUeyK2WXAaIfmDgsyslYrRBeFIlsi54AYsFGUuhmvrQ==",
        license: "MIT",
        dependencies: {
          "es-errors": "^1.3.0",
          "object-inspect": "^1.13.4",
          "side-channel-list": "^1.0.1",
          "side-channel-map": "^1.0.1",
          "side-channel-weakmap": "^1.0.2"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/side-channel-list": {
        version: "1.0.1",
        integrity: "sha512-mjn/0bi/oUURjc5Xl7IaWi/OJJJumuoJFQJfDDyO46+hBWsfaVM65TBHq2eoZBhzl9EchxOijpkbRC8SVBQU0w==",
        license: "MIT",
        dependencies: {
          "es-errors": "^1.3.0",
          "object-inspect": "^1.13.4"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/side-channel-map": {
        version: "1.0.1",
        integrity: "sha512-VCjCNfgMsby3tTdo02nbjtM/ewra6jPHmpThenkTYh8pG9ucZ/1P8So4u4FGBek/BjpOVsDCMoLA/iuBKIFXRA==",
        license: "MIT",
        dependencies: {
          "call-bound": "^1.0.2",
          "es-errors": "^1.3.0",
          "get-intrinsic": "^1.2.5",
          "object-inspect": "^1.13.3"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/side-channel-weakmap": {
        version: "1.0.2",
        integrity: "sha512-WPS/HvHQTYnHisLo9McqBHOJk2FkHO/tlpvldyrnem4aeQp4hai3gythswg6p01oSoTl58rcpiFAjF2br2Ak2A==",
        license: "MIT",
        dependencies: {
          "call-bound": "^1.0.2",
          "es-errors": "^1.3.0",
          "get-intrinsic": "^1.2.5",
          "object-inspect": "^1.13.3",
          "side-channel-map": "^1.0.1"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/simple-concat": {
        version: "1.0.1",
        integrity: "sha512-cSFtAPtRhljv69IK0hTVZQ+OfE9nePi/rtJmw5UjHeVyVroEqJXP1sFztKUy1qU+xvz3u/sfYJLa947b7nAN2Q==",
        funding: [
          {
            type: "github",
            url: "https://github.com/sponsors/feross"
          },
          {
            type: "patreon",
            url: "https://www.patreon.com/feross"
          },
          {
            type: "consulting",
            url: "https://feross.org/support"
          }
        ],
        license: "MIT"
      },
      "node_modules/single-line-log": {
        version: "1.1.2",
        integrity: "sha512-awzaaIPtYFdexLr6TBpcZSGPB6D1RInNO/qNetgaJloPDF/D0GkVtLvGEp8InfmLV7CyLyQ5fIRP+tVN/JmWQA==",
        license: "MIT",
        dependencies: {
          "string-width": "^1.0.1"
        }
      },
      "node_modules/source-map": {
        version: "0.5.7",
        integrity: "sha512-LbrmJOMUSdEVxIKvdcJzQC+nQhe8FUZQTXQy6+I75skNgn3OoQ0DZA8YnFa7gp8tqtL3KPf1kmo0R5DoApeSGQ==",
        license: "BSD-3-Clause",
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/sourcemap-codec": {
        version: "1.4.8",
        integrity: "sha512-9NykojV5Uih4lgo5So5dtw+f0JgJX30KCNI8gwhz2J9A15wD0Ml6tjHKwf6fTSa6fAdVBdZeNOs9eJ71qCk8vA==",
        license: "MIT"
      },
      "node_modules/split2": {
        version: "4.2.0",
        integrity: "sha512-UcjcJOWknrNkF6PLX83qcHM6KHgVKNkV62Y8a5uYDVv9ydGQVwAHMKqHdJje1VTWpljG0WYpCDhrCdAOYH4TWg==",
        license: "ISC",
        engines: {
          node: ">= 10.x"
        }
      },
      "node_modules/stream-browserify": {
        version: "3.0.0",
        integrity: "sha512-H73RAHsVBapbim0tU2JwwOiXUj+fikfiaoYAKHF3VJfA0pe2BCzkhAHBlLG6REzE+2WNZcxOXjK7lkso+9euLA==",
        license: "MIT",
        dependencies: {
          inherits: "~2.0.4",
          "readable-stream": "^3.5.0"
        }
      },
      "node_modules/stream-browserify/node_modules/readable-stream": {
        version: "3.6.2",
        integrity: "sha512-9u/sniCrY3D5WdsERHzHE4G2YCXqoG5FTHUiCC4SIbr6XcLZBY05ya9EKjYek9O5xOAwjGq+1JdGBAS7Q9ScoA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.3",
          string_decoder: "^1.1.1",
          "util-deprecate": "^1.0.1"
        },
        engines: {
          node: ">= 6"
        }
      },
      "node_modules/stream-combiner2": {
        version: "1.1.1",
        integrity: "sha512-3PnJbYgS56AeWgtKF5jtJRT6uFJe56Z0Hc5Ngg/6sI6rIt8iiMBTa9cvdyFfpMQjaVHr8dusbNeFGIIonxOvKw==",
        license: "MIT",
        dependencies: {
          duplexer2: "~0.1.0",
          "readable-stream": "^2.0.2"
        }
      },
      "node_modules/stream-http": {
        version: "3.2.0",
        integrity: "sha512-Oq1bLqisTyK3TSCXpPbT4sdeYNdmyZJv1LxpEm2vu1ZhK89kSE5YXwZc3cWk0MagGaKriBh9mCFbVGtO+vY29A==",
        license: "MIT",
        dependencies: {
          "builtin-status-codes": "^3.0.0",
          inherits: "^2.0.4",
          "readable-stream": "^3.6.0",
          xtend: "^4.0.2"
        }
      },
      "node_modules/stream-http/node_modules/readable-stream": {
        version: "3.6.2",
        integrity: "sha512-9u/sniCrY3D5WdsERHzHE4G2YCXqoG5FTHUiCC4SIbr6XcLZBY05ya9EKjYek9O5xOAwjGq+1JdGBAS7Q9ScoA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.3",
          string_decoder: "^1.1.1",
          "util-deprecate": "^1.0.1"
        },
        engines: {
          node: ">= 6"
        }
      },
      "node_modules/stream-shift": {
        version: "1.0.3",
        integrity: "sha512-76ORR0DO1o1hlKwTbi/DM3EXWGf3ZJYO8cXX5RJwnul2DEg2oyoZyjLNoQM8WsvZiFKCRfC1O0J7iCvie3RZmQ==",
        license: "MIT"
      },
      "node_modules/stream-splicer": {
        version: "2.0.1",
        integrity: "sha512-Xizh4/NPuYSyAXyT7g8IvdJ9HJpxIGL9PjyhtywCZvvP0OPIdqyrr4dMikeuvY8xahpdKEBlBTySe583totajg==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.1",
          "readable-stream": "^2.0.2"
        }
      },
      "node_modules/string_decoder": {
        version: "1.3.0",
        integrity: "sha512-hkRX8U1WjJFd8LsDJ2yQ/wWWxaopEsABU1XfkM8A+j0+85JAGppt16cr1Whg6KIbb4okU6Mql6BOj+uup/wKeA==",
        license: "MIT",
        dependencies: {
          "safe-buffer": "~5.2.0"
        }
      },
      "node_modules/string-width": {
        version: "1.0.2",
        integrity: "sha512-0XsVpQLnVCXHJfyEs8tC0zpTVIr5PKKsQtkT29IwupnPTjtPmQ3xT/4yCREF9hYkV/3M3kzcUTSAZT6a6h81tw==",
        license: "MIT",
        dependencies: {
          "code-point-at": "^1.0.0",
          "is-fullwidth-code-point": "^1.0.0",
          "strip-ansi": "^3.0.0"
        },
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/strip-ansi": {
        version: "3.0.1",
        integrity: "sha512-VhumSSbBqDTP8p2ZLKj40UjBCV4+v8bUSEpUb4KjRgWk9pbqGF4REFj6KEagidb2f/M6AzC0EmFyDNGaw9OCzg==",
        license: "MIT",
        dependencies: {
          "ansi-regex": "^2.0.0"
        },
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/subarg": {
        version: "1.0.0",
        integrity: "sha512-RIrIdRY0X1xojthNcVtgT9sjpOGagEUKpZdgBUi054OEPFo282yg+zE+t1Rj3+RqKq2xStL7uUHhY+AjbC4BXg==",
        license: "MIT",
        dependencies: {
          minimist: "^1.1.0"
        }
      },
      "node_modules/supports-color": {
        version: "2.0.0",
        integrity: "sha512-KKNVtd6pCYgPIKU4cp2733HWYCpplQhddZLBUryaAHou723x+FRzQ5Df824Fj+IyyuiQTRoub4SnIFfIcrp70g==",
        license: "MIT",
        engines: {
          node: ">=0.8.0"
        }
      },
      "node_modules/supports-preserve-symlinks-flag": {
        version: "1.0.0",
        integrity: "sha512-ot0WnXS9fgdkgIcePe6RHNk1WA8+muPa6cSjeR3V8K27q9BB1rTE3R1p7Hv0z1ZyAc8s6Vvv8DIyWf681MAt0w==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/syntax-error": {
        version: "1.4.0",
        integrity: "sha512-YPPlu67mdnHGTup2A8ff7BC2Pjq0e0Yp/IyTFN03zWO0RcK07uLcbi7C2KpGR2FvWbaB0+bfE27a+sBKebSo7w==",
        license: "MIT",
        dependencies: {
          "acorn-node": "^1.2.0"
        }
      },
      "node_modules/tachyons": {
        version: "4.12.0",
        integrity: "sha512-2nA2IrYFy3raCM9fxJ2KODRGHVSZNTW3BR0YnlGsLUf1DA3pk3YfWZ/DdfbnZK6zLZS+jUenlUGJsKcA5fUiZg==",
        license: "MIT"
      },
      "node_modules/through": {
        version: "2.3.8",
        integrity: "sha512-w89qg7PI8wAdvX60bMDP+bFoD5Dvhm9oLheFp5O4a2QF0cSBGsBX4qZmadPMvVqlLJBBci+WqGGOAPvcDeNSVg==",
        license: "MIT"
      },
      "node_modules/through2": {
        version: "4.0.2",
        integrity: "sha512-iOqSav00cVxEEICeD7TjLB1sueEL+81Wpzp2bY17uZjZN0pWZPuo4suZ/61VujxmqSGFfgOcNuTZ85QJwNZQpw==",
        license: "MIT",
        dependencies: {
          "readable-stream": "3"
        }
      },
      "node_modules/through2/node_modules/readable-stream": {
        version: "3.6.2",
        integrity: "sha512-9u/sniCrY3D5WdsERHzHE4G2YCXqoG5FTHUiCC4SIbr6XcLZBY05ya9EKjYek9O5xOAwjGq+1JdGBAS7Q9ScoA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.3",
          string_decoder: "^1.1.1",
          "util-deprecate": "^1.0.1"
        },
        engines: {
          node: ">= 6"
        }
      },
      "node_modules/timers-browserify": {
        version: "1.4.2",
        integrity: "sha512-PIxwAupJZiYU4JmVZYwXp9FKsHMXb5h0ZEFyuXTAn8WLHOlcij+FEcbrvDsom1o5dr1YggEtFbECvGCW2sT53Q==",
        dependencies: {
          process: "~0.11.0"
        },
        engines: {
          node: ">=0.6.0"
        }
      },
      "node_modules/to-buffer": {
        version: "1.2.2",
        integrity: "sha512-db0E3UJjcFhpDhAF4tLo03oli3pwl3dbnzXOUIlRKrp+ldk/VUxzpWYZENsw2SZiuBjHAk7DfB0VU7NKdpb6sw==",
        license: "MIT",
        dependencies: {
          isarray: "^2.0.5",
          "safe-buffer": "^5.2.1",
          "typed-array-buffer": "^1.0.3"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/to-buffer/node_modules/isarray": {
        version: "2.0.5",
        integrity: "sha512-xHjhDr3cNBK0BzdUJSPXZntQUx/mwMS5Rw4A7lPJ90XGAO6ISP/ePDNuo0vhqOZU+UD5JoodwCAAoZQd3FeAKw==",
        license: "MIT"
      },
      "node_modules/transform-ast": {
        version: "2.4.4",
        integrity: "sha512-AxjeZAcIOUO2lev2GDe3/xZ1Q0cVGjIMk5IsriTy8zbWlsEnjeB025AhkhBJHoy997mXpLd4R+kRbvnnQVuQHQ==",
        license: "MIT",
        dependencies: {
          "acorn-node": "^1.3.0",
          "convert-source-map": "^1.5.1",
          "dash-ast": "^1.0.0",
          "is-buffer": "^2.0.0",
          "magic-string": "^0.23.2",
          "merge-source-map": "1.0.4",
          nanobench: "^2.1.1"
        }
      },
      "node_modules/transform-ast/node_modules/convert-source-map": {
        version: "1.9.0",
        integrity: "sha512-ASFBup0Mz1uyiIjANan1jzLQami9z1PoYSZCiiYW2FczPbenXc45FZdBZLzOT+r6+iciuEModtmCti+hjaAk0A==",
        license: "MIT"
      },
      "node_modules/transform-ast/node_modules/is-buffer": {
        version: "2.0.5",
        integrity: "sha512-i2R6zNFDwgEHJyQUtJEk0XFi1i0dPFn/oqjK3/vPCcDeJvW5NQ83V8QbicfF1SupOaB0h8ntgBC2YiE7dfyctQ==",
        funding: [
          {
            type: "github",
            url: "https://github.com/sponsors/feross"
          },
          {
            type: "patreon",
            url: "https://www.patreon.com/feross"
          },
          {
            type: "consulting",
            url: "https://feross.org/support"
          }
        ],
        license: "MIT",
        engines: {
          node: ">=4"
        }
      },
      "node_modules/tty-browserify": {
        version: "0.0.1",
        integrity: "sha512-C3TaO7K81YvjCgQH9Q1S3R3P3BtN3RIM8n+OvX4il1K1zgE8ZhI0op7kClgkxtutIE8hQrcrHBXvIheqKUUCxw==",
        license: "MIT"
      },
      "node_modules/type-component": {
        version: "0.0.1",
        integrity: "sha512-mDZRBQS2yZkwRQKfjJvQ8UIYJeBNNWCq+HBNstl9N5s9jZ4dkVYXEGkVPsSCEh5Ld4JM1kmrZTzjnrqSAIQ7dw=="
      },
      "node_modules/typed-array-buffer": {
        version: "1.0.3",
        integrity: "sha512-nAYYwfY3qnzX30IkA6AQZjVbtK6duGontcQm1WSG1MD94YLqK0515GNApXkoxKOWMusVssAHWLh9SeaoefYFGw==",
        license: "MIT",
        dependencies: {
          "call-bound": "^1.0.3",
          "es-errors": "^1.3.0",
          "is-typed-array": "^1.1.14"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/typedarray": {
        version: "0.0.6",
        integrity: "sha512-/aCDEGatGvZ2BIk+HmLf4ifCJFwvKFNb9/JeZPMulfgFracn9QFcAf5GO8B/mweUjSoblS5In0cWhqpfs/5PQA==",
        license: "MIT"
      },
      "node_modules/umd": {
        version: "3.0.3",
        integrity: "sha512-4IcGSufhFshvLNcMCV80UnQVlZ5pMOC8mvNPForqwA4+lzYQuetTESLDQkeLmihq8bRcnpbQa48Wb8Lh16/xow==",
        license: "MIT",
        bin: {
          umd: "bin/cli.js"
        }
      },
      "node_modules/undeclared-identifiers": {
        version: "1.1.3",
        integrity: "sha512-pJOW4nxjlmfwKApE4zvxLScM/njmwj/DiUBv7EabwE4O8kRUy+HIwxQtZLBPll/jx1LJyBcqNfB3/cpv9EZwOw==",
        license: "Apache-2.0",
        dependencies: {
          "acorn-node": "^1.3.0",
          "dash-ast": "^1.0.0",
          "get-assigned-identifiers": "^1.2.0",
          "simple-concat": "^1.0.0",
          xtend: "^4.0.1"
        },
        bin: {
          "undeclared-identifiers": "bin.js"
        }
      },
      "node_modules/universalify": {
        version: "2.0.1",
        integrity: "sha512-gptHNQghINnc/vTGIk0SOFGFNXw7JVrlRUtConJRlvaw6DuX0wO5Jeko9sWrMBhh+PsYAZ7oXAiOnf/UKogyiw==",
        license: "MIT",
        engines: {
          node: ">= 10.0.0"
        }
      },
      "node_modules/upper-case": {
        version: "1.1.3",
        integrity: "sha512-WRbjgmYzgXkCV7zNVpy5YgrHgbBv126rMALQQMrmzOVC4GM2waQ9x7xtm8VU+1yF2kWyPzI9zbZ48n4vSxwfSA==",
        license: "MIT"
      },
      "node_modules/url": {
        version: "0.11.4",
        integrity: "sha512-oCwdVC7mTuWiPyjLUz/COz5TLk6wgp0RCsN+wHZ2Ekneac9w8uuV0njcbbie2ME+Vs+d6duwmYuR3HgQXs1fOg==",
        license: "MIT",
        dependencies: {
          punycode: "^1.4.1",
          qs: "^6.12.3"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/util": {
        version: "0.12.5",
        integrity: "sha512-kZf/K6hEIrWHI6XqOFUiiMa+79wE/D8Q+NCNAWclkyg3b4d2k7s0QGepNjiABc+aR3N1PAyHL7p6UcLY6LmrnA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.3",
          "is-arguments": "^1.0.4",
          "is-generator-function": "^1.0.7",
          "is-typed-array": "^1.1.3",
          "which-typed-array": "^1.1.2"
        }
      },
      "node_modules/util-deprecate": {
        version: "1.0.2",
        integrity: "sha512-EPD5q1uXyFxJpCrLnCc1nHnq3gOa6DZBocAIiI2TaSCA7VCJ1UJDMagCzIkXNsUYfD1daK//LTEQ8xiIbrHtcw==",
        license: "MIT"
      },
      "node_modules/util-extend": {
        version: "1.0.3",
        integrity: "sha512-mLs5zAK+ctllYBj+iAQvlDCwoxU/WDOUaJkcFudeiAX6OajC6BKXJUa9a+tbtkC11dz2Ufb7h0lyvIOVn4LADA==",
        license: "MIT"
      },
      "node_modules/vm-browserify": {
        version: "1.1.2",
        integrity: "sha512-2ham8XPWTONajOR0ohOKOHXkm3+gaBmGut3SRuu75xLd/RRaY6vqgh8NBYYk7+RW3u5AtzPQZG8F10LHkl0lAQ==",
        license: "MIT"
      },
      "node_modules/which": {
        version: "2.0.2",
        integrity: "sha512-BLI3Tl1TW3Pvl70l3yq3Y64i+awpwXqsGBYWkkqMtnbXgrMD+yj7rhW0kuEDxzJaYXGjEW5ogapKNMEKNMjibA==",
        license: "ISC",
        dependencies: {
          isexe: "^2.0.0"
        },
        bin: {
          "node-which": "bin/node-which"
        },
        engines: {
          node: ">= 8"
        }
      },
      "node_modules/which-typed-array": {
        version: "1.1.24",
        integrity: "sha512-wk4Mf4pR5mRP7eYuuTBCIQ9d0ud2Fv2jRLQpfgnRjbOxAFHmjKFValgTpitVKzJJS8ajnYQV2Du1SZ8j6b/EUQ==",
        license: "MIT",
        dependencies: {
          "available-typed-arrays": "^1.0.7",
          "call-bind": "^1.0.9",
          "call-bound": "^1.0.4",
          "for-each": "^0.3.5",
          "get-proto": "^1.0.1",
          gopd: "^1.2.0",
          "has-tostringtag": "^1.0.2"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/wrappy": {
        version: "1.0.2",
        integrity: "sha512-l4Sp/DRseor9wL6EvV2+TuQn63dMkPjZ/sp9XkghTEbV9KlPS1xUsZ3u7/IQO4wxtcFB4bgpQPRcR3QCvezPcQ==",
        license: "ISC"
      },
      "node_modules/xtend": {
        version: "4.0.2",
        integrity: "sha512-LKYU1iAXJXUgAXn9URjiu+MWhyUXHsvfp7mcuYm9dSUKK0/CjtrUwFAxD82/mCWbtLsGjFIad0wIsod4zrTAEQ==",
        license: "MIT",
        engines: {
          node: ">=0.4"
        }
      }
    }
  }
};

// src/profile/install.ts
var ZEROX_VERSION = zerox_lock_default.packageLock.packages["node_modules/0x"].version;
var MARKER = ".perf-gate-installed";
var LOCK_TEXT = `${JSON.stringify(zerox_lock_default.packageLock, null, 2)}
`;
var PACKAGE_TEXT = `${JSON.stringify(zerox_lock_default.packageJson, null, 2)}
`;
var LOCK_HASH = createHash2("sha256").update(PACKAGE_TEXT).update(LOCK_TEXT).digest("hex");
function defaultZeroXCacheDir(env = process.env) {
  const parent = env.RUNNER_TOOL_CACHE !== void 0 && env.RUNNER_TOOL_CACHE !== "" ? env.RUNNER_TOOL_CACHE : tmpdir3();
  return join7(parent, `perf-gate-0x-${ZEROX_VERSION}`);
}
function zeroXBin(cacheDir) {
  return join7(cacheDir, "node_modules", "0x", "cmd.js");
}
var NOT_HASHED = /* @__PURE__ */ new Set(["node_modules/.package-lock.json"]);
function zeroXDigest(cacheDir) {
  const hash = createHash2("sha256");
  const walk = (relative6) => {
    for (const name of readdirSync4(join7(cacheDir, relative6)).sort()) {
      const path = `${relative6}/${name}`;
      if (NOT_HASHED.has(path)) continue;
      const full = join7(cacheDir, path);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) hash.update(`${path}\0-> ${readlinkSync2(full)}
`);
      else if (stat.isDirectory()) {
        hash.update(`${path}/
`);
        walk(path);
      } else hash.update(`${path}\0${createHash2("sha256").update(readFileSync8(full)).digest("hex")}
`);
    }
  };
  walk("node_modules");
  return hash.digest("hex");
}
var accepted = /* @__PURE__ */ new Map();
function digestOf(cacheDir) {
  try {
    return zeroXDigest(cacheDir);
  } catch {
    return void 0;
  }
}
function verifyZeroX(bin) {
  const dir = resolve3(dirname3(bin), "..", "..");
  const expected2 = accepted.get(dir) ?? zerox_files_default.sha256;
  if (digestOf(dir) !== expected2) throw new GateError("install", tamperedMessage(`profiler 0x (${dir})`));
}
function isInstalled(cacheDir) {
  try {
    if (readFileSync8(join7(cacheDir, MARKER), "utf8").trim() !== LOCK_HASH) return false;
    const manifest = JSON.parse(
      readFileSync8(join7(cacheDir, "node_modules", "0x", "package.json"), "utf8")
    );
    return manifest.version === ZEROX_VERSION && existsSync(zeroXBin(cacheDir));
  } catch {
    return false;
  }
}
var pending = /* @__PURE__ */ new Map();
function ensureZeroX(cacheDir = defaultZeroXCacheDir(), options = {}) {
  const dir = resolve3(cacheDir);
  let promise = pending.get(dir);
  if (promise === void 0) {
    promise = install(dir, options);
    pending.set(dir, promise);
    promise.catch(() => pending.delete(dir));
  }
  return promise;
}
async function install(dir, options) {
  if (isInstalled(dir) && digestOf(dir) === zerox_files_default.sha256) return accept(dir, zerox_files_default.sha256);
  const staging = `${dir}.tmp-${process.pid}-${Date.now().toString(36)}`;
  try {
    mkdirSync2(dirname3(dir), { recursive: true });
    mkdirSync2(staging, { recursive: true });
    writeFileSync3(join7(staging, "package.json"), PACKAGE_TEXT);
    writeFileSync3(join7(staging, "package-lock.json"), LOCK_TEXT);
  } catch (cause) {
    throw new GateError("install", `could not prepare a directory for the profiler 0x at ${staging}`, {
      cause
    });
  }
  await npmCi(staging, options);
  writeFileSync3(join7(staging, MARKER), `${LOCK_HASH}
`);
  const fresh = zeroXDigest(staging);
  const bin = moveIntoPlace(staging, dir, fresh);
  return accept(resolve3(bin, "..", "..", ".."), fresh);
}
function accept(dir, digest) {
  accepted.set(dir, digest);
  return zeroXBin(dir);
}
async function npmCi(staging, options) {
  const timeoutMs = options.timeoutMs ?? 5 * 6e4;
  const npm = options.npm ?? "npm";
  const args = ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=warn"];
  const command2 = `${npm} ${args.join(" ")}`;
  let result;
  try {
    result = await runCommand(npm, {
      cwd: staging,
      args,
      env: safeEnv({ CI: "true", npm_config_update_notifier: "false" }),
      timeoutMs,
      ...options.onOutput ? { onOutput: options.onOutput } : {}
    });
  } catch (cause) {
    rmSync2(staging, { recursive: true, force: true });
    throw new GateError("install", `installing the profiler 0x@${ZEROX_VERSION} (\`${command2}\`) failed`, {
      cause
    });
  }
  if (result.timedOut || result.code !== 0) {
    rmSync2(staging, { recursive: true, force: true });
    const why = result.timedOut ? `did not finish within ${Math.round(timeoutMs / 1e3)} s` : result.code === 127 ? "could not be started (is npm on PATH?)" : `failed with exit code ${result.code}`;
    throw new GateError(
      "install",
      `installing the profiler 0x@${ZEROX_VERSION} (\`${command2}\` in ${staging}) ${why}`,
      {
        output: result.output.lastLines(30)
      }
    );
  }
  if (!existsSync(zeroXBin(staging))) {
    rmSync2(staging, { recursive: true, force: true });
    throw new GateError(
      "install",
      `\`${command2}\` succeeded but left no 0x CLI (node_modules/0x/cmd.js) in ${staging}`,
      {
        output: result.output.lastLines(30)
      }
    );
  }
}
function moveIntoPlace(staging, dir, digest) {
  if (isInstalled(dir) && digestOf(dir) === digest) {
    rmSync2(staging, { recursive: true, force: true });
    return zeroXBin(dir);
  }
  try {
    if (existsSync(dir)) rmSync2(dir, { recursive: true, force: true });
    renameSync2(staging, dir);
  } catch (cause) {
    if (isInstalled(dir) && digestOf(dir) === digest) {
      rmSync2(staging, { recursive: true, force: true });
      return zeroXBin(dir);
    }
    if (isInstalled(staging)) return zeroXBin(staging);
    throw new GateError("install", `could not move the installed profiler into ${dir}`, { cause });
  }
  return zeroXBin(dir);
}

// src/io/cpu.ts
import { readdirSync as readdirSync5, readFileSync as readFileSync9 } from "node:fs";
function mainThreadSeconds(pid) {
  try {
    const ns = Number(readFileSync9(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ")[0]);
    return Number.isFinite(ns) ? ns / 1e9 : void 0;
  } catch {
    return void 0;
  }
}

// src/profile/profiled-server.ts
import { existsSync as existsSync2, mkdirSync as mkdirSync3, readdirSync as readdirSync7, readFileSync as readFileSync13, rmSync as rmSync3, statSync as statSync6 } from "node:fs";
import { join as join10, resolve as resolve5 } from "node:path";
import { setTimeout as sleep8 } from "node:timers/promises";

// src/io/affinity.ts
import { spawnSync } from "node:child_process";
import { readFileSync as readFileSync10 } from "node:fs";
function ownCpus(status = "/proc/self/status") {
  try {
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync10(status, "utf8"))?.[1];
  } catch {
    return void 0;
  }
}
function repin(pids, cpus2) {
  for (const pid of pids)
    spawnSync("taskset", ["-a", "-p", "-c", cpus2, String(pid)], { stdio: "ignore", timeout: 2e3 });
}

// src/profile/command.ts
function tokenize(line) {
  const words = [];
  let word = "";
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === " " || c === "	" || c === "\n") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      i++;
      continue;
    }
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return void 0;
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
      continue;
    }
    if (c === '"') {
      i++;
      for (; ; ) {
        if (i >= line.length) return void 0;
        const d = line[i];
        if (d === '"') break;
        if (d === "$" || d === "`") return void 0;
        if (d === "\\" && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) {
          word += line[i + 1];
          i += 2;
          continue;
        }
        word += d;
        i++;
      }
      inWord = true;
      i++;
      continue;
    }
    if (c === "\\") {
      if (i + 1 >= line.length) return void 0;
      word += line[i + 1];
      inWord = true;
      i += 2;
      continue;
    }
    if (";&|<>()`$*?[]{}!#~".includes(c) && !(c === "#" && inWord) && !(c === "~" && inWord))
      return void 0;
    word += c;
    inWord = true;
    i++;
  }
  if (inWord) words.push(word);
  return words;
}
var NODE_VALUE_OPTIONS = /* @__PURE__ */ new Set([
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
  "-C",
  "--conditions",
  "--env-file",
  "--env-file-if-exists",
  "--title",
  "--inspect-port",
  "--debug-port",
  "--input-type",
  "--diagnostic-dir",
  "--redirect-warnings",
  "--unhandled-rejections",
  "--icu-data-dir",
  "--openssl-config",
  "--tls-cipher-list",
  "--disable-warning",
  "--dns-result-order",
  "--experimental-config-file",
  "--localstorage-file",
  "--secure-heap",
  "--secure-heap-min",
  "--heapsnapshot-signal",
  "--heapsnapshot-near-heap-limit",
  "--report-dir",
  "--report-directory",
  "--report-filename",
  "--report-signal",
  "--stack-trace-limit",
  "--max-http-header-size",
  "--watch-path"
]);
var NODE_UNPROFILABLE = /* @__PURE__ */ new Map([
  ["-e", "evaluates a string"],
  ["--eval", "evaluates a string"],
  ["-p", "evaluates a string"],
  ["--print", "evaluates a string"],
  ["-i", "starts a REPL"],
  ["--interactive", "starts a REPL"],
  ["-c", "only checks syntax"],
  ["--check", "only checks syntax"],
  ["--test", "runs tests"],
  ["--run", "runs a package.json script"],
  ["--watch", "restarts the program in a child process"],
  ["--watch-path", "restarts the program in a child process"]
]);
var NODE_NAMES = /^(?:.*[/\\])?node(?:js)?(?:\.exe)?$/;
var ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;
function refuse(start, why) {
  return new GateError(
    "config",
    `cannot profile the start command \`${start}\`: ${why}. Profiling needs a start command of the form \`node [flags] file [args]\` (or \`npm start\` / \`npm run NAME\` whose script is one), or a \`profile-start\` input that gives one.`
  );
}
function parseNodeCommand(start, readScripts2) {
  return parseLine(start, {
    start,
    readScripts: readScripts2,
    depth: 0,
    via: [],
    extraArgs: [],
    env: {},
    fromScript: false
  });
}
function parseLine(line, context) {
  const words = tokenize(line.trim());
  if (words === void 0)
    throw refuse(
      context.start,
      `\`${line}\` uses shell syntax (operators, quotes left open, variables or globs) that perf-gate does not follow`
    );
  let rest = words;
  const env = { ...context.env };
  for (; ; ) {
    const first = rest[0];
    if (first === void 0) throw refuse(context.start, `\`${line}\` names no program`);
    const assignment = ASSIGNMENT.exec(first);
    if (assignment) {
      env[assignment[1]] = assignment[2];
      rest = rest.slice(1);
      continue;
    }
    if (first === "env" || first === "cross-env" || first === "cross-env-shell") {
      if (first === "cross-env-shell")
        throw refuse(context.start, "`cross-env-shell` runs its command through a shell");
      rest = rest.slice(1);
      if (rest[0]?.startsWith("-")) throw refuse(context.start, `\`${first}\` with options is not followed`);
      continue;
    }
    break;
  }
  const program = rest[0];
  const args = rest.slice(1);
  const next = { ...context, env };
  if (NODE_NAMES.test(program)) return parseNode(program, args, next);
  if (program === "npm" || program === "yarn" || program === "pnpm")
    return parseScriptRunner(program, args, next);
  throw refuse(
    context.start,
    `${context.via.length > 0 ? `it runs \`${line}\`, which starts` : "it starts"} \`${program}\`, not node`
  );
}
function parseNode(program, words, context) {
  const nodeFlags = [];
  let i = 0;
  while (i < words.length) {
    const word = words[i];
    if (word === "--") {
      i++;
      break;
    }
    if (!word.startsWith("-") || word === "-") break;
    const name = word.includes("=") ? word.slice(0, word.indexOf("=")) : word;
    const unprofilable = NODE_UNPROFILABLE.get(name);
    if (unprofilable !== void 0)
      throw refuse(context.start, `node \`${name}\` ${unprofilable}, there is no entry file to profile`);
    nodeFlags.push(word);
    if (!word.includes("=") && NODE_VALUE_OPTIONS.has(word)) {
      const value2 = words[i + 1];
      if (value2 === void 0) throw refuse(context.start, `node option \`${word}\` has no value`);
      nodeFlags.push(value2);
      i += 2;
      continue;
    }
    i++;
  }
  const file = words[i];
  if (file === void 0 || file === "-") throw refuse(context.start, "node is given no entry file");
  const args = [...words.slice(i + 1), ...context.extraArgs];
  const shown2 = [program, ...nodeFlags, file, ...args].join(" ");
  return {
    node: program,
    nodeFlags,
    file,
    args,
    env: context.env,
    fromScript: context.fromScript,
    via: [...context.via, shown2].map((step3) => `\`${step3}\``).join(" \u2192 ")
  };
}
var RUN_WORDS = /* @__PURE__ */ new Set(["run", "run-script", "rum", "urn"]);
function parseScriptRunner(program, words, context) {
  if (context.depth >= 5) throw refuse(context.start, "its package.json scripts call each other too deeply");
  const shownCommand = `${program} ${words.join(" ")}`.trim();
  let name;
  let sawRun = false;
  const passed = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === "--") {
      if (name === void 0) break;
      passed.push(...words.slice(i + 1));
      break;
    }
    if (name !== void 0) {
      if (program === "npm" && word.startsWith("-")) continue;
      passed.push(word);
      continue;
    }
    if (word.startsWith("-")) continue;
    if (!sawRun && RUN_WORDS.has(word)) {
      sawRun = true;
      continue;
    }
    if (!sawRun && program === "npm" && word !== "start")
      throw refuse(context.start, `\`${shownCommand}\` is not \`npm start\` or \`npm run NAME\``);
    name = word;
  }
  if (name === void 0) {
    if (sawRun || program !== "npm") throw refuse(context.start, `\`${shownCommand}\` names no script`);
    throw refuse(context.start, `\`${shownCommand}\` is not \`npm start\` or \`npm run NAME\``);
  }
  const scripts = context.readScripts();
  let script2 = scripts?.[name];
  if (script2 === void 0 && name === "start" && program === "npm") script2 = "node server.js";
  if (script2 === void 0)
    throw refuse(
      context.start,
      scripts === void 0 ? `there is no package.json (with a \`scripts\` field) to look up \`${name}\` in` : `package.json has no \`${name}\` script`
    );
  return parseLine(script2, {
    ...context,
    depth: context.depth + 1,
    via: [...context.via, shownCommand],
    extraArgs: [...passed, ...context.extraArgs],
    fromScript: true
  });
}

// src/profile/node.ts
import { accessSync, constants, readFileSync as readFileSync11, statSync as statSync4 } from "node:fs";
import { dirname as dirname4, isAbsolute as isAbsolute4, join as join8, resolve as resolve4 } from "node:path";
function readScripts(cwd) {
  try {
    const manifest = JSON.parse(readFileSync11(join8(cwd, "package.json"), "utf8"));
    if (typeof manifest.scripts !== "object" || manifest.scripts === null) return void 0;
    const scripts = {};
    for (const [name, value2] of Object.entries(manifest.scripts))
      if (typeof value2 === "string") scripts[name] = value2;
    return scripts;
  } catch {
    return void 0;
  }
}
function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync4(path).isFile();
  } catch {
    return false;
  }
}
function resolveNode(command2, cwd, env) {
  if (command2.node.includes("/")) return isAbsolute4(command2.node) ? command2.node : resolve4(cwd, command2.node);
  const dirs2 = [];
  if (command2.fromScript) {
    for (let dir = resolve4(cwd); ; dir = dirname4(dir)) {
      dirs2.push(join8(dir, "node_modules", ".bin"));
      if (dirname4(dir) === dir) break;
    }
  }
  dirs2.push(...(env.PATH ?? "").split(":").filter((d) => d !== ""));
  for (const dir of dirs2) {
    const candidate = join8(dir, command2.node);
    if (executable(candidate)) return candidate;
  }
  if (command2.node === "node") return process.execPath;
  throw new GateError(
    "config",
    `cannot profile: \`${command2.node}\` (from the start command) is not on PATH`
  );
}
var v8FlagCache = /* @__PURE__ */ new Map();
function noInliningFlags(node, env) {
  let flags = v8FlagCache.get(node);
  if (flags === void 0) {
    flags = runCommand(node, { cwd: process.cwd(), env, args: ["--v8-options"], timeoutMs: 15e3 }).then(
      (result) => ["turbo-inlining", "maglev-inlining"].filter((flag) => new RegExp(`^\\s*--${flag}\\b`, "m").test(result.stdout)).map((flag) => `--no-${flag}`),
      () => []
    );
    v8FlagCache.set(node, flags);
  }
  return flags;
}

// src/profile/plain-output.ts
function logText(chunk) {
  return chunk.replace(
    /\u001b\[[0-?]*[ -/]*([@-~])/g,
    (_, final) => "ABCDEFGHJKSTf".includes(final) ? "\r" : ""
  ).replace(/\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?/g, "").replace(/\u001b[ -~]?/g, "").split("\n").map(
    (line) => line.split("\r").filter((part) => part.trim() !== "").pop() ?? ""
  ).map((line) => line.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").trimEnd()).filter((line) => line.trim() !== "").join("\n");
}

// src/profile/ready.ts
import { setTimeout as sleep7 } from "node:timers/promises";
var HOSTS2 = ["127.0.0.1", "::1"];
function plain2(text2) {
  return text2.replace(/\u001b\[[0-9;]*[A-Za-z]/g, "\n").replace(/\n{2,}/g, "\n");
}
function tail(child2, lines = 40) {
  return plain2(child2.output.toString()).trimEnd().split("\n").slice(-lines).join("\n");
}
async function checkPortFree(port, side2) {
  for (const host of HOSTS2)
    if (await listening(host, port))
      throw new GateError(
        "server-start",
        `port ${port} (input \`port\`) is in use before the ${side2} server is started for profiling: something from an earlier step still listens there`,
        { side: side2 }
      );
}
async function waitReady2(child2, spec, what2, port) {
  const readyPath = spec.readyPath;
  const deadline = Date.now() + spec.readyTimeoutMs;
  const wanted = spec.readyStatus === void 0 ? "" : ` with ${spec.readyStatus}`;
  const answers = new PortAnswers(port, child2.pid);
  for (; ; ) {
    if (child2.exit !== void 0 || /Target subprocess error, code:/.test(child2.output.toString())) {
      if (answers.taken())
        throw new GateError("server-start", portTakenMessage(what2, `port ${port}`, spec.port !== void 0), {
          side: spec.side,
          output: tail(child2)
        });
      throw new GateError(
        "server-start",
        `${what2} exited under 0x before it answered GET ${readyPath}${wanted} on port ${port}`,
        { side: spec.side, output: tail(child2) }
      );
    }
    if (Date.now() > deadline) {
      throw new GateError(
        "server-start",
        `${what2} did not answer GET ${readyPath}${wanted} on port ${port} within ${Math.round(spec.readyTimeoutMs / 1e3)} s under 0x`,
        { side: spec.side, output: tail(child2) }
      );
    }
    if (spec.movedTo !== void 0 && await keptFixedPort(spec.port, port, child2.pid))
      throw new GateError(
        "server-start",
        `${what2} listens on its fixed port ${spec.port} instead of port ${port} it was moved to, so base and head cannot be profiled side by side`,
        { side: spec.side, output: tail(child2) }
      );
    for (const host of HOSTS2) {
      const status = await getStatus(host, port, readyPath);
      if (status === void 0 || spec.readyStatus !== void 0 && status !== spec.readyStatus) continue;
      if (answers.ready()) return host.includes(":") ? `http://[${host}]:${port}` : `http://${host}:${port}`;
      break;
    }
    await sleep7(100);
  }
}

// src/profile/v8-log.ts
import { readdirSync as readdirSync6, readFileSync as readFileSync12, statSync as statSync5 } from "node:fs";
import { join as join9 } from "node:path";
function v8LogFile(dir) {
  return mainThreadLog(dir, ".json");
}
function rawLogFacts(dir) {
  const log = mainThreadLog(dir, "");
  if (log === void 0) return void 0;
  const text2 = readFileSync12(log, "latin1");
  return { bytes: text2.length, ticks: text2.match(/^tick,/gm)?.length ?? 0 };
}
function mainThreadLog(dir, suffix) {
  const pattern2 = suffix === "" ? /^isolate-0x[0-9a-f]+-(\d+)-(\d+)-v8\.log$/ : /^isolate-0x[0-9a-f]+-(\d+)-(\d+)-v8\.log\.json$/;
  const logs = readdirSync6(dir).map((name) => ({ name, match: pattern2.exec(name) })).filter((f) => f.match !== null);
  const main2 = logs.filter((f) => f.match[1] === f.match[2]);
  const pick = (main2.length > 0 ? main2 : logs).map((f) => ({ path: join9(dir, f.name), size: statSync5(join9(dir, f.name)).size })).sort((a, b) => b.size - a.size)[0];
  return pick?.path;
}
function readV8Log(data) {
  const log = data;
  if (typeof data !== "object" || data === null || !Array.isArray(log.code) || !Array.isArray(log.ticks))
    throw new Error("the V8 log is not an object with `code` and `ticks` arrays");
  const code2 = log.code;
  const stacks = [];
  const timesMs = [];
  for (const [index, tick] of log.ticks.entries()) {
    const { tm, s } = tick ?? {};
    if (typeof tm !== "number" || !Array.isArray(s))
      throw new Error(`the V8 log's tick ${index} has no time (tm) or stack (s)`);
    const frames = [];
    for (let i = s.length - 1 & ~1; i >= 0; i -= 2) {
      const entry = code2[s[i]];
      if (entry !== void 0 && entry !== null) frames.push(entry);
    }
    stacks.push(frames);
    timesMs.push(tm / 1e3);
  }
  return { ticks: readTicks(stacks), timesMs };
}

// src/profile/profiled-server.ts
function groupMembers(pgid) {
  return liveProcesses().filter((p) => p.pgid === pgid).map((p) => p.pid);
}
async function groupGone(pgid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && groupMembers(pgid).length > 0) await sleep8(20);
}
async function abort(child2) {
  if (child2.pid > 0) {
    try {
      process.kill(-child2.pid, "SIGKILL");
    } catch {
    }
  }
  await child2.stop(0);
  await groupGone(child2.pid, 3e3);
}
function running(pid) {
  return pid > 0 && processTree(pid)[0] === pid;
}
async function startProfiled(target) {
  const cwd = resolve5(target.cwd);
  const command2 = parseNodeCommand(target.start, () => readScripts(cwd));
  if (!existsSync2(target.zeroxBin))
    throw new GateError("install", `the profiler 0x is not installed: ${target.zeroxBin} does not exist`);
  const moved = target.port !== void 0 && target.movedTo !== void 0 && target.portPreload !== void 0;
  const port = (moved ? target.movedTo : target.port) ?? await freePort();
  if (target.port !== void 0 && !moved) await checkPortFree(target.port, target.side);
  const env = safeEnv({
    NODE_ENV: "production",
    ...target.env,
    PORT: String(target.port ?? port),
    ...moved ? { [PORT_MAP_ENV]: `${target.port}=${port}` } : {},
    ...target.allocation ? { [ALLOCATION_ENV]: target.allocation.outFile } : {},
    ...command2.env
  });
  const node = resolveNode(command2, cwd, env);
  const dir = resolve5(target.outDir);
  const work = join10(dir, ".0x-work");
  mkdirSync3(work, { recursive: true });
  const v8Flags = [
    ...target.inlining === true ? [] : await noInliningFlags(node, env),
    ...target.samplingIntervalUs === void 0 ? [] : [`--prof-sampling-interval=${target.samplingIntervalUs}`]
  ];
  const preload = [
    ...moved ? ["--require", target.portPreload] : [],
    ...target.allocation ? ["--require", target.allocation.preload] : []
  ];
  const program = [...command2.nodeFlags, command2.file, ...command2.args];
  const shown2 = ["node", ...v8Flags, ...program].join(" ");
  const spawnedMs = performance.now();
  const child2 = new Child(target.cpus === void 0 ? process.execPath : "taskset", {
    cwd,
    env,
    args: [
      ...target.cpus === void 0 ? [] : ["-c", target.cpus, process.execPath],
      ...zeroXArgs(target, { dir, work, shown: shown2, argv: [node, ...v8Flags, ...preload, ...program] })
    ],
    ...outputOption(target.onOutput)
  });
  const what2 = `the ${target.side} server \`${target.start}\` (profiled as \`${shown2}\`)`;
  try {
    const origin = await waitReady2(child2, target, what2, port);
    const readyMs = performance.now();
    const serverPid = processTree(child2.pid)[1] ?? -1;
    return {
      target,
      child: child2,
      serverPid,
      origin,
      spawnedMs,
      readyMs,
      what: what2,
      root: cwd,
      command: shown2,
      node,
      dir,
      work
    };
  } catch (error) {
    await abort(child2);
    throw error;
  }
}
function outputOption(onOutput) {
  if (onOutput === void 0) return {};
  return {
    onOutput: (chunk) => {
      const text2 = logText(chunk);
      if (text2 !== "") onOutput(text2);
    }
  };
}
function assertProfiledAlive(profiled, during) {
  if (running(profiled.serverPid) && profiled.child.exit === void 0) return;
  const exit = /Target subprocess error, code: (-?\d+)/.exec(profiled.child.output.toString());
  throw new GateError(
    "server-crash",
    `${profiled.what} ${exit ? `exited with code ${exit[1]}` : "exited"} during profiling (${during}) under 0x`,
    { side: profiled.target.side, output: tail(profiled.child) }
  );
}
async function abortProfiled(profiled) {
  await abort(profiled.child);
}
async function finishProfiled(profiled) {
  const { child: child2, target, dir, work, what: what2 } = profiled;
  try {
    await stopAndCollect(child2, profiled.serverPid, target, what2);
  } catch (error) {
    await abort(child2);
    throw error;
  }
  await child2.stop(500);
  await groupGone(child2.pid, 3e3);
  const { flamegraphHtml, ticksJson } = checkOutput(child2, target, dir, what2);
  const log = v8LogFile(dir);
  let timed;
  try {
    timed = log === void 0 ? void 0 : readV8Log(JSON.parse(readFileSync13(log, "utf8")));
  } catch {
    timed = void 0;
  }
  if (target.keepLogs !== true) removeLogs(dir, work);
  const { root, command: command2, node } = profiled;
  return { dir, flamegraphHtml, ticksJson, root, command: command2, node, timed };
}
function zeroXArgs(spec, run) {
  return [
    spec.zeroxBin,
    "--output-dir",
    run.dir,
    "--working-dir",
    run.work,
    "--write-ticks",
    "--title",
    `perf-gate ${spec.side}: ${run.shown}`,
    "--",
    ...run.argv
  ];
}
function checkOutput(child2, spec, dir, what2) {
  const flamegraphHtml = join10(dir, "flamegraph.html");
  const ticksJson = join10(dir, "ticks.json");
  const missing2 = [flamegraphHtml, ticksJson].filter((file) => !existsSync2(file));
  if (missing2.length > 0)
    throw new GateError(
      "server-crash",
      `0x finished profiling ${what2} but did not write ${missing2.map((f) => f.slice(dir.length + 1)).join(" and ")}`,
      { side: spec.side, output: tail(child2) }
    );
  if (statSync6(ticksJson).size <= 2) {
    const log = rawLogFacts(dir);
    const facts = log ? `V8's log: ${log.bytes} bytes, ${log.ticks} samples` : "V8's log is missing";
    throw new GateError("server-crash", `0x recorded no CPU samples of ${what2} (${facts})`, {
      side: spec.side,
      output: tail(child2)
    });
  }
  return { flamegraphHtml, ticksJson };
}
function removeLogs(dir, work) {
  rmSync3(work, { recursive: true, force: true });
  for (const file of readdirSync7(dir))
    if (/^isolate-.*-v8\.(?:log|json)(?:\.preprocess-ready|\.json)?$/.test(file) || /\.log\.json$/.test(file))
      rmSync3(join10(dir, file), { force: true });
}
async function stopAndCollect(child2, serverPid, spec, what2) {
  const processTimeoutMs = spec.processTimeoutMs ?? 12e4;
  const cpus2 = spec.cpus === void 0 ? void 0 : ownCpus();
  if (cpus2 !== void 0) repin(processTree(child2.pid), cpus2);
  try {
    process.kill(-child2.pid, "SIGINT");
  } catch {
  }
  const graceDeadline = Date.now() + 1e4;
  const deadline = Date.now() + processTimeoutMs;
  let killedServer = false;
  while (child2.exit === void 0) {
    if (Date.now() > deadline)
      throw new GateError(
        "timeout",
        `0x did not finish processing the profile of ${what2} within ${Math.round(processTimeoutMs / 1e3)} s after the server was stopped`,
        { side: spec.side, output: tail(child2) }
      );
    if (!killedServer && Date.now() > graceDeadline && running(serverPid)) {
      killedServer = true;
      try {
        process.kill(serverPid, "SIGKILL");
      } catch {
      }
    }
    await Promise.race([child2.exited, sleep8(100)]);
  }
  const exit = child2.exit;
  if (exit.code !== 0)
    throw new GateError(
      "server-crash",
      `0x failed while profiling ${what2} (${exit.signal !== null ? `killed by ${exit.signal}` : `exit code ${exit.code}`})`,
      { side: spec.side, output: tail(child2) }
    );
  const targetExit = /Target subprocess error, code: (-?\d+)/.exec(child2.output.toString());
  if (targetExit)
    throw new GateError("server-crash", `${what2} exited with code ${targetExit[1]} while being profiled`, {
      side: spec.side,
      output: tail(child2)
    });
}

// src/profile/windows.ts
function scorer(busyMs, own, other) {
  const below = (t) => {
    let lo = 0;
    let hi = busyMs.length;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (busyMs[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const within = (spans, offset) => spans.reduce((n, s) => n + below(s.endMs - offset) - below(s.startMs - offset), 0);
  return { within, score: (offset) => within(own, offset) - within(other, offset) };
}
function alignTicks(timed, own, other, range2) {
  const busy = busySamples(timed.ticks);
  const busyMs = timed.timesMs.filter((_, i) => busy[i]).sort((a, b) => a - b);
  const { within, score: score2 } = scorer(busyMs, own, other);
  let best = Number.NEGATIVE_INFINITY;
  let bestFrom = range2.fromMs;
  let bestTo = range2.fromMs;
  let run = false;
  for (let offset = range2.fromMs; offset <= range2.toMs; offset += 1) {
    const s = score2(offset);
    if (s > best) {
      best = s;
      bestFrom = offset;
      bestTo = offset;
      run = true;
    } else if (s === best && run) bestTo = offset;
    else run = false;
  }
  const offsetMs = (bestFrom + bestTo) / 2;
  const first = Math.min(...own.map((s) => s.startMs), ...other.map((s) => s.startMs));
  const last = Math.max(...own.map((s) => s.endMs), ...other.map((s) => s.endMs));
  const span = within([{ startMs: first, endMs: last }], offsetMs);
  return { offsetMs, inOwn: span === 0 ? 0 : within(own, offsetMs) / span };
}
function splitTicks(timed, windows, offsetMs) {
  const out = windows.map(() => []);
  const order = windows.map((w, i) => ({ ...w, i })).sort((a, b) => a.startMs - b.startMs);
  for (const [index, stack] of timed.ticks.entries()) {
    const t = timed.timesMs[index] + offsetMs;
    const window = order.find((w) => t >= w.startMs && t < w.endMs);
    if (window !== void 0) out[window.i].push(stack);
  }
  return out;
}

// src/profile/side-by-side.ts
var MIN_ALIGNED_SHARE = 0.8;
function windowLabel2(pair2) {
  return `w${pair2}`;
}
function windowOrder(pair2) {
  return pair2 % 2 === 0 ? ["base", "head"] : ["head", "base"];
}
function poolId(side2, request2) {
  return `${side2}:${request2}`;
}
async function openPools(generator, servers, spec) {
  for (const side2 of ["base", "head"])
    for (const [i, request2] of spec.requests.entries())
      await generator.open(
        poolId(side2, i),
        {
          url: `${servers[side2].origin}${request2.path}`,
          method: request2.method,
          headers: request2.headers,
          ...request2.body === void 0 ? {} : { body: request2.body },
          connections: request2.connections ?? spec.connections,
          timeoutSec: 10,
          engine: spec.engine ?? "kept"
        },
        side2
      );
}
async function loadWindow(generator, profiled, turn) {
  const cpuBefore = mainThreadSeconds(profiled.serverPid);
  const startMs = performance.now();
  const [result] = await generator.turns([
    { pool: poolId(profiled.target.side, turn.request), sec: turn.sec, record: turn.record }
  ]);
  const endMs = performance.now();
  const cpuAfter = mainThreadSeconds(profiled.serverPid);
  assertProfiledAlive(profiled, turn.what);
  const cpuSec = cpuBefore === void 0 || cpuAfter === void 0 ? void 0 : cpuAfter - cpuBefore;
  return { span: { startMs, endMs }, responses: result?.responses ?? 0, cpuSec };
}
async function loadWindows(generator, servers, spec) {
  await openPools(generator, servers, spec);
  const what2 = (i) => `${spec.requests[i].method} ${spec.requests[i].path}`;
  if (spec.warmupSec > 0)
    for (const side2 of windowOrder(0))
      await loadWindow(generator, servers[side2], {
        request: 0,
        what: what2(0),
        sec: spec.warmupSec,
        record: false
      });
  for (const side2 of windowOrder(0)) await spec.edge?.(side2, "warmup", false, 0);
  const windows = [];
  for (let pair2 = 0; pair2 < spec.pairs; pair2++) {
    const request2 = pair2 % spec.requests.length;
    for (const side2 of windowOrder(pair2)) {
      const turn = { request: request2, what: what2(request2), sec: spec.windowSec, record: true };
      const done = await loadWindow(generator, servers[side2], turn);
      windows.push({ side: side2, pair: pair2, request: request2, ...done.span, responses: done.responses, cpuSec: done.cpuSec });
      await spec.edge?.(side2, windowLabel2(pair2), pair2 === spec.pairs - 1, pair2 + 1);
    }
  }
  await generator.close();
  return windows;
}
async function startBoth(targets2) {
  const [base, head2] = await Promise.allSettled([startProfiled(targets2.base), startProfiled(targets2.head)]);
  if (base.status === "fulfilled" && head2.status === "fulfilled")
    return { base: base.value, head: head2.value };
  for (const started of [base, head2]) if (started.status === "fulfilled") await abortProfiled(started.value);
  throw base.status === "rejected" ? base.reason : head2.reason;
}
function splitSide(run, profiled, windows) {
  const side2 = profiled.target.side;
  const own = windows.filter((w) => w.side === side2);
  const other = windows.filter((w) => w.side !== side2);
  if (run.timed === void 0 || own.length === 0)
    return { run, windows: own, alignment: void 0, split: [] };
  const alignment = alignTicks(run.timed, own, other, { fromMs: profiled.spawnedMs, toMs: profiled.readyMs });
  const split = alignment.inOwn >= MIN_ALIGNED_SHARE ? splitTicks(run.timed, own, alignment.offsetMs) : [];
  return { run, windows: own, alignment, split };
}
async function loadSideBySide(spec) {
  const servers = await startBoth(spec.targets);
  const generator = new LoadGenerator(spec.loadCpus);
  let windows;
  try {
    windows = await loadWindows(generator, servers, spec);
  } catch (error) {
    await Promise.all([abortProfiled(servers.base), abortProfiled(servers.head)]);
    throw error;
  } finally {
    await generator.stop();
  }
  const finished = await Promise.allSettled([finishProfiled(servers.base), finishProfiled(servers.head)]);
  const cpu = (i, side2) => {
    const done = finished[i];
    if (done.status === "fulfilled") return splitSide(done.value, servers[side2], windows);
    if (done.reason instanceof GateError) return done.reason;
    throw done.reason;
  };
  return {
    windows: {
      base: windows.filter((w) => w.side === "base"),
      head: windows.filter((w) => w.side === "head")
    },
    roots: { base: servers.base.root, head: servers.head.root },
    cpu: { base: cpu(0, "base"), head: cpu(1, "head") }
  };
}

// src/profile/compare.ts
var SAMPLING_INTERVAL_US = 250;
var WINDOW_SEC = 0.125;
var PROFILE_WARMUP_SEC = 0.5;
var KEPT_UNITS = 30;
function profilePairs(durationSec) {
  return Math.max(8, Math.round(durationSec / WINDOW_SEC));
}
function windowedSide(side2, split) {
  const roots = [side2.run.root];
  const cpu = (sec) => sec.some((s) => s === void 0) ? void 0 : sec.reduce((a, s) => a + s, 0);
  if (split) {
    const windows = side2.split.map((ticks) => buildProfile(ticks, { roots }));
    return {
      whole: buildProfile(side2.split.flat(), { roots }),
      windows,
      responses: side2.windows.map((w) => w.responses),
      cpuSec: side2.windows.map((w) => w.cpuSec),
      sampleUs: SAMPLING_INTERVAL_US
    };
  }
  const whole2 = buildProfile(side2.run.timed?.ticks ?? [], { roots });
  return {
    whole: whole2,
    windows: [whole2],
    responses: [side2.windows.reduce((a, w) => a + w.responses, 0)],
    cpuSec: [cpu(side2.windows.map((w) => w.cpuSec))],
    sampleUs: SAMPLING_INTERVAL_US
  };
}
function keptEvidence(evidence) {
  const top = (units2) => units2.slice(0, KEPT_UNITS);
  return { ...evidence, functions: top(evidence.functions), files: top(evidence.files) };
}
async function targets(spec, zeroxBin, allocation2) {
  const headSide = {
    start: spec.start,
    env: spec.env ?? {},
    port: spec.port,
    ready: { path: spec.readyPath ?? spec.requests[0]?.path ?? "/", status: spec.readyStatus },
    readyTimeoutMs: spec.readyTimeoutMs
  };
  const own = (side2) => side2 === "base" && spec.base ? spec.base : headSide;
  const copies = own("base").port === void 0 && own("head").port === void 0 ? void 0 : sidePreloads(PORT_PRELOAD_SOURCE, PORT_PRELOAD_FILE, "port preload");
  const target = async (side2) => ({
    side: side2,
    cwd: spec.dirs[side2],
    start: own(side2).start,
    port: own(side2).port,
    ...copies === void 0 || own(side2).port === void 0 ? {} : { movedTo: await freePort(), portPreload: copies[side2].verified() },
    env: { ...sideEnv(own(side2).env, side2), PERF_GATE_SIDE: side2 },
    readyPath: own(side2).ready.path,
    readyStatus: own(side2).ready.status,
    outDir: join11(spec.outDir, side2),
    zeroxBin,
    readyTimeoutMs: own(side2).readyTimeoutMs,
    cpus: spec.cpus?.server,
    samplingIntervalUs: SAMPLING_INTERVAL_US,
    ...allocation2 && {
      allocation: { preload: allocation2.copies[side2].verified(), outFile: allocation2.outFile[side2] }
    },
    ...spec.onOutput === void 0 ? {} : { onOutput: spec.onOutput }
  });
  return { base: await target("base"), head: await target("head") };
}
function compareHeap(loaded, probes, spec, kept2) {
  const own = (side3) => loaded.windows[side3].filter((w) => keptPair(spec.heap, w.pair) === kept2);
  const windows = (side3) => windowProfiles(
    probes[side3].profiles,
    own(side3).map((w) => windowLabel2(w.pair))
  );
  const heap = { base: windows("base"), head: windows("head") };
  if (heap.base === void 0 || heap.head === void 0) return void 0;
  const merged = { base: mergeHeapProfiles(heap.base), head: mergeHeapProfiles(heap.head) };
  const side2 = (s) => allocationSide2(
    heap[s],
    own(s).map((w) => w.responses),
    [loaded.roots[s]],
    merged[s]
  );
  const base = side2("base");
  const head2 = side2("head");
  const evidence = weighAllocation(base, head2, {
    explain: spec.explainMemory === true,
    windowSec: WINDOW_SEC,
    kept: kept2,
    leakBytes: spec.leakBytes
  });
  const name = kept2 ? "kept.heapprofile" : "allocation.heapprofile";
  const files = { base: join11(spec.outDir, "base", name), head: join11(spec.outDir, "head", name) };
  for (const s of ["base", "head"]) writeFileSync4(files[s], JSON.stringify(merged[s]));
  return { evidence, profiles: { base: base.whole, head: head2.whole }, files };
}
async function compareProfiles(spec) {
  const zeroxBin = await ensureZeroX(
    spec.cacheDir,
    spec.onOutput === void 0 ? {} : { onOutput: spec.onOutput }
  );
  mkdirSync4(spec.outDir, { recursive: true });
  const requests = spec.requests.length > 0 ? spec.requests : [{ method: "GET", path: spec.readyPath ?? "/", headers: {}, body: void 0 }];
  const outFile = {
    base: join11(spec.outDir, "base.allocation.jsonl"),
    head: join11(spec.outDir, "head.allocation.jsonl")
  };
  const probes = { base: new AllocationProbe(outFile.base), head: new AllocationProbe(outFile.head) };
  const copies = sidePreloads(ALLOCATION_PRELOAD_SOURCE, ALLOCATION_PRELOAD_FILE, "allocation preload");
  verifyZeroX(zeroxBin);
  let loaded;
  try {
    loaded = await loadSideBySide({
      targets: await targets(spec, zeroxBin, copies && { copies, outFile }),
      requests,
      // Both heap measures in turns: twice the pairs, so that each gets what the duration buys.
      pairs: profilePairs(spec.durationSec) * (spec.heap === "both" ? 2 : 1),
      windowSec: WINDOW_SEC,
      warmupSec: PROFILE_WARMUP_SEC,
      connections: spec.connections,
      loadCpus: spec.cpus?.loadgen,
      ...spec.engine === void 0 ? {} : { engine: spec.engine },
      ...copies && {
        edge: (side2, label, last, next) => probes[side2].edge(label, last, keptPair(spec.heap, next))
      }
    });
  } finally {
    for (const file of Object.values(outFile))
      for (const f of [file, controlFile(file)]) rmSync4(f, { force: true });
  }
  const allocation2 = compareHeap(loaded, probes, spec, false);
  const kept2 = compareHeap(loaded, probes, spec, true);
  const heapFiles = [allocation2, kept2].flatMap((a) => a ? [a.files.base, a.files.head] : []);
  const { base, head: head2 } = loaded.cpu;
  const lost = base instanceof GateError ? base : head2 instanceof GateError ? head2 : void 0;
  if (lost !== void 0) {
    if (heapFiles.length === 0) throw lost;
    return { cpu: lost, allocation: allocation2, kept: kept2, files: heapFiles };
  }
  const cpu = compareCpu({ base, head: head2 }, spec);
  return {
    cpu,
    allocation: allocation2,
    kept: kept2,
    files: [
      cpu.runs.base.flamegraphHtml,
      cpu.runs.base.ticksJson,
      cpu.runs.head.flamegraphHtml,
      cpu.runs.head.ticksJson,
      cpu.diffHead,
      cpu.diffBase,
      ...heapFiles
    ]
  };
}
function compareCpu(sides, spec) {
  const split = sides.base.split.length > 0 && sides.head.split.length > 0;
  const base = windowedSide(sides.base, split);
  const head2 = windowedSide(sides.head, split);
  const evidence = weighEvidence(base, head2, { explain: spec.explain, windowSec: WINDOW_SEC });
  const diffHead = join11(spec.outDir, "diff-head.html");
  const diffBase = join11(spec.outDir, "diff-base.html");
  writeFileSync4(diffHead, diffFlameGraphHtml(base.whole, head2.whole, "head"));
  writeFileSync4(diffBase, diffFlameGraphHtml(base.whole, head2.whole, "base"));
  return {
    runs: { base: sides.base.run, head: sides.head.run },
    profiles: { base: base.whole, head: head2.whole },
    evidence,
    diffHead,
    diffBase
  };
}

// src/gate/system.ts
import { existsSync as existsSync3 } from "node:fs";
import { availableParallelism as availableParallelism2 } from "node:os";
import { join as join12 } from "node:path";

// src/report/escape.ts
var ZWSP = "\u200B";
function escapeMarkdown(text2) {
  return escapeInline(text2).replace(/^[ \t]+/, "").replace(
    /^(?:#{1,6}|[+-]|\d{1,9}[.)])(?=[ \t]|$)|^(?:=+|-[ \t-]*)[ \t]*$/,
    (start) => /^\d/.test(start) ? start.replace(/[.)]$/, "\\$&") : `\\${start}`
  );
}
function escapeInline(text2) {
  return text2.replace(/\r\n?|\n/g, " ").replace(/[\\`*_{}[\]|<>~$]/g, (c) => `\\${c}`).replace(/&/g, "&amp;").replace(/@/g, `@${ZWSP}`).replace(/#(?=\d)/g, `#${ZWSP}`).replace(/(gh-)(?=\d)/gi, `$1${ZWSP}`).replace(/:(?=\/\/)/g, `:${ZWSP}`).replace(/(www)(?=\.)/gi, `$1${ZWSP}`);
}
function code(text2) {
  const clean2 = text2.replace(/\r\n?|\n/g, " ").replace(/@/g, "@\u200B").replace(/<!--/g, "<!\u200B--");
  const longest = Math.max(0, ...[...clean2.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${clean2.startsWith("`") || clean2.endsWith("`") ? ` ${clean2} ` : clean2}${fence}`;
}
function codeCell(text2) {
  return code(text2).replace(/\|/g, "\\|");
}
function inlineText(text2) {
  return text2.split(/`([^`\r\n]+)`/).map((part, i) => i % 2 === 1 ? code(part) : i === 0 ? escapeMarkdown(part) : escapeInline(part)).join("");
}
function codeBlock(text2) {
  const longest = Math.max(2, ...[...text2.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}text
${text2.replace(/<!--/g, "<!\u200B--").replace(/@/g, "@\u200B")}
${fence}`;
}

// src/report/diagnostics.ts
function formatMs2(ms3) {
  if (!Number.isFinite(ms3)) return "n/a";
  if (ms3 >= 10) return `${Math.round(ms3)} ms`;
  if (ms3 >= 1) return `${ms3.toFixed(1)} ms`;
  return `${ms3.toFixed(2)} ms`;
}
function formatMb(mb) {
  if (!Number.isFinite(mb)) return "n/a";
  return mb >= 100 ? `${Math.round(mb)} MB` : `${mb.toFixed(1)} MB`;
}
function formatTrend(trend) {
  const unit2 = trend.unit === "round" ? "MB/round" : "MB/s";
  const value2 = Math.abs(trend.slopeMb);
  const text2 = value2 >= 10 ? value2.toFixed(0) : value2.toFixed(1);
  if (Number(text2) === 0) return `\xB10 ${unit2}`;
  return `${trend.slopeMb > 0 ? "+" : "\u2212"}${text2} ${unit2}`;
}
function rate(trend) {
  const value2 = Math.abs(trend.slopeMb);
  const text2 = value2 >= 10 ? value2.toFixed(0) : value2.toFixed(1);
  return trend.unit === "round" ? `${text2} MB per round` : `${text2} MB/s`;
}
function extent(trend) {
  return trend.mode === "across-rounds" ? `over ${trend.points} rounds` : `within ${trend.growing} of ${trend.of} rounds`;
}
function missing(side2) {
  return `No data from the ${side2} server: none of its processes accepted TCP connections with perf-gate's preload loaded (not a Node.js server, or its start command replaces \`NODE_OPTIONS\`).`;
}
function tested(test, direction) {
  const p = direction === "head" ? test.pHeadHigher : test.pBaseHigher;
  const units2 = `${test.units} ${test.unit === "pair" ? "pairs" : "process pairs"}`;
  return `(${direction} higher in a paired test over ${units2}, ${pText(p, test.level)})`;
}
function describeDiagnostics(summary) {
  const { base, head: head2, comparison } = summary;
  const sentences = [];
  const b = base?.eventLoopDelayMs;
  const h = head2?.eventLoopDelayMs;
  const loop = comparison.eventLoopTest;
  if (b !== void 0 && h !== void 0 && loop !== void 0) {
    if (comparison.eventLoop === "blocked-on-head")
      sentences.push(
        `**Event loop blocked on head**: p99 delay ${formatMs2(h.p99)}, base ${formatMs2(b.p99)} ${tested(loop, "head")}.`
      );
    if (comparison.eventLoop === "unblocked-on-head")
      sentences.push(
        `Event loop no longer blocked on head: p99 delay ${formatMs2(h.p99)}, base ${formatMs2(b.p99)} ${tested(loop, "base")}.`
      );
  }
  const ht = head2?.rssTrend;
  const bt = base?.rssTrend;
  const memory = comparison.memoryTest;
  if (ht !== void 0 && bt !== void 0 && memory !== void 0) {
    if (comparison.leak === "head")
      sentences.push(
        `**head's RSS grew ${rate(ht)} ${extent(ht)}, base's ${formatTrend(bt)}** ${tested(memory, "head")}: a memory leak?`
      );
    if (comparison.leak === "base")
      sentences.push(
        `base's RSS grew ${rate(bt)} ${extent(bt)}, head's ${formatTrend(ht)} ${tested(memory, "base")}: a memory leak fixed?`
      );
  }
  return sentences;
}
function cells(side2, pick) {
  if (side2 === void 0) return "n/a";
  return pick(side2) ?? "n/a";
}
function renderDiagnosticsSection(summary, options = {}) {
  const { base, head: head2 } = summary;
  if (base === void 0 && head2 === void 0) return "";
  const level = Math.min(6, Math.max(0, options.headingLevel ?? 3));
  const lines = level === 0 ? [] : [`${"#".repeat(level)} Event loop and memory`, ""];
  const sentences = describeDiagnostics(summary);
  if (sentences.length > 0) lines.push(sentences.join(" "), "");
  const row2 = (name, pick) => `| ${name} | ${cells(base, pick)} | ${cells(head2, pick)} |`;
  lines.push(
    "| | base | head |",
    "|:--|--:|--:|",
    row2("event-loop delay p50", (s) => s.eventLoopDelayMs ? formatMs2(s.eventLoopDelayMs.p50) : void 0),
    row2("event-loop delay p99", (s) => s.eventLoopDelayMs ? formatMs2(s.eventLoopDelayMs.p99) : void 0),
    row2("event-loop delay max", (s) => s.eventLoopDelayMs ? formatMs2(s.eventLoopDelayMs.max) : void 0),
    row2("CPU", (s) => `${s.cpuCores.toFixed(2)} cores`),
    row2("peak RSS", (s) => formatMb(s.peakRssMb)),
    row2("peak heap", (s) => formatMb(s.peakHeapMb))
  );
  if (base?.rssTrend !== void 0 || head2?.rssTrend !== void 0)
    lines.push(row2("RSS trend", (s) => s.rssTrend ? formatTrend(s.rssTrend) : void 0));
  lines.push("");
  const notes2 = [];
  if (base === void 0) notes2.push(missing("base"));
  if (head2 === void 0) notes2.push(missing("head"));
  const windows = options.inTurns ? `${base?.windows ?? 0} base and ${head2?.windows ?? 0} head pairs (base and head took turns every fraction of a second, so each side was loaded about half of each pair: its CPU, utilization and delay percentiles read lower than under constant load; compare the two columns)` : `${base?.windows ?? 0} base and ${head2?.windows ?? 0} head rounds`;
  const where = options.artifacts ? ` Raw samples: ${escapeMarkdown(options.artifacts)}.` : "";
  notes2.push(
    `Measured inside the server process by perf-gate's preload over ${windows}: event-loop delay is how late a 10 ms timer fired (median over ${options.inTurns ? "pairs" : "rounds"} of each percentile), CPU is in cores (1 = one core busy throughout).${where}`,
    `A blocked event loop or a leak is named only where a paired test finds it (p99 delay pair by pair; RSS growth process against process, or pair by pair), one-sided at ${summary.comparison.eventLoopTest?.level ?? summary.comparison.memoryTest?.level ?? 0.01}: where base and head run the same code, each is named wrongly in at most that share of gates. Otherwise the numbers stand without a verdict.`
  );
  lines.push(...notes2.map((n) => `<sub>${htmlText(n)}</sub>`));
  return lines.join("\n");
}

// src/diagnostics/recorder.ts
import { mkdirSync as mkdirSync5 } from "node:fs";
import { setTimeout as sleep9 } from "node:timers/promises";

// src/diagnostics/memory.ts
function memoryOf(lines, served) {
  const heaps = lines.map((l) => l.heap);
  if (heaps.length === 0 || heaps.some((h) => h?.allocated == null || h.requests == null)) return void 0;
  const sum3 = (of) => heaps.reduce((total, h) => total + (of(h) ?? 0), 0);
  const retained = heaps.every((h) => h.retained !== null) ? sum3((h) => h.retained) : void 0;
  return {
    requests: sum3((h) => h.requests),
    allocatedBytes: sum3((h) => h.allocated),
    exact: heaps.every((h) => h.exact),
    gcMs: sum3((h) => h.gcMs),
    ...retained === void 0 ? {} : { retainedBytes: retained },
    rssBytes: lines.reduce((total, l) => total + l.rss.last, 0),
    served
  };
}
function requestsIn(lines) {
  return lines.reduce((total, l) => total + (l.heap?.requests ?? 0), 0);
}

// src/diagnostics/summary.ts
var DIAGNOSIS_LEVEL = 0.01;
var MB = 1024 * 1024;
var DEFAULTS = {
  blockedMs: 20,
  blockedRatio: 2,
  blockedMarginMs: 10,
  minPoints: 4,
  leakMbPerRound: 1,
  leakMbPerSecond: 1,
  risingShare: 0.75,
  leakRatio: 2,
  level: DIAGNOSIS_LEVEL
};
function theilSen(points) {
  const slopes = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const [xi, yi] = points[i];
      const [xj, yj] = points[j];
      if (xj !== xi) slopes.push((yj - yi) / (xj - xi));
    }
  }
  return slopes.length === 0 ? 0 : median2(slopes);
}
function rising(ys) {
  let growing = 0;
  for (let i = 1; i < ys.length; i++) if (ys[i] > ys[i - 1]) growing++;
  return { growing, of: Math.max(0, ys.length - 1) };
}
function windowsOf(lines) {
  const usable = lines.filter((l) => l.reason !== "listening" && l.elapsedMs > 0);
  const groups = /* @__PURE__ */ new Map();
  for (const line of usable) {
    const key = line.seq ?? `${line.reason}:${line.pid}:${line.at}`;
    const group = groups.get(key) ?? /* @__PURE__ */ new Map();
    group.set(line.pid, line);
    groups.set(key, group);
  }
  const windows = [];
  for (const group of groups.values()) {
    const processes2 = [...group.values()];
    const measured = processes2.filter((p) => p.eventLoopDelayMs.count > 0);
    const worst = (pick) => Math.max(...measured.map(pick));
    const elus = processes2.map((p) => p.eventLoopUtilization).filter((u) => u !== null);
    const main2 = processes2.reduce((a, b) => b.rss.peak > a.rss.peak ? b : a);
    const seq = processes2[0].seq;
    windows.push({
      at: Math.min(...processes2.map((p) => p.at)),
      label: seq === null ? void 0 : seq.split("#")[0].replace(/^(?:base|head)-/, "").replace(/-end$/, ""),
      pids: processes2.map((p) => p.pid).sort((a, b) => a - b).join(","),
      delay: measured.length === 0 ? void 0 : {
        p50: worst((p) => p.eventLoopDelayMs.p50),
        p99: worst((p) => p.eventLoopDelayMs.p99),
        max: worst((p) => p.eventLoopDelayMs.max)
      },
      elu: elus.length === 0 ? void 0 : Math.max(...elus),
      cpuMs: processes2.reduce((sum3, p) => sum3 + p.cpu.userMs + p.cpu.systemMs, 0),
      wallMs: Math.max(...processes2.map((p) => p.elapsedMs)),
      rssPeak: processes2.reduce((sum3, p) => sum3 + p.rss.peak, 0),
      rssLast: processes2.reduce((sum3, p) => sum3 + p.rss.last, 0),
      heapPeak: processes2.reduce((sum3, p) => sum3 + p.heapUsed.peak, 0),
      series: main2.memory.map(([t, rss]) => [t / 1e3, rss / MB])
    });
  }
  return windows.sort((a, b) => a.at - b.at);
}
function trendOf(windows, o) {
  const byPids = /* @__PURE__ */ new Map();
  for (const w of windows) byPids.set(w.pids, [...byPids.get(w.pids) ?? [], w]);
  const lived = [...byPids.values()].filter((group) => group.length >= o.minPoints);
  if (lived.length > 0) {
    const fits = lived.map((group) => {
      const ys = group.map((w) => w.rssLast / MB);
      return { slope: theilSen(ys.map((y, i) => [i, y])), points: ys.length, ...rising(ys) };
    });
    const slopeMb2 = median2(fits.map((f) => f.slope));
    const growing2 = fits.reduce((sum3, f) => sum3 + f.growing, 0);
    const of = fits.reduce((sum3, f) => sum3 + f.of, 0);
    const points = fits.reduce((sum3, f) => sum3 + f.points, 0);
    return {
      trend: { mode: "across-rounds", slopeMb: slopeMb2, unit: "round", points, growing: growing2, of },
      leak: slopeMb2 >= o.leakMbPerRound && growing2 >= o.risingShare * of
    };
  }
  const fitted = windows.filter((w) => w.series.length >= o.minPoints).map((w) => {
    const slope2 = theilSen(w.series);
    const { growing: growing2, of } = rising(w.series.map(([, y]) => y));
    return { slope: slope2, grows: slope2 >= o.leakMbPerSecond && growing2 >= o.risingShare * of };
  });
  if (fitted.length === 0) return { trend: void 0, leak: false };
  const slopeMb = median2(fitted.map((f) => f.slope));
  const growing = fitted.filter((f) => f.grows).length;
  return {
    trend: {
      mode: "within-rounds",
      slopeMb,
      unit: "second",
      points: fitted.length,
      growing,
      of: fitted.length
    },
    leak: fitted.length >= 2 && growing >= o.risingShare * fitted.length && slopeMb >= o.leakMbPerSecond
  };
}
function summarizeSide(lines, options = {}) {
  const o = { ...DEFAULTS, ...options };
  const windows = windowsOf(lines);
  if (windows.length === 0) return void 0;
  const delays = windows.map((w) => w.delay).filter((d) => d !== void 0);
  const elus = windows.map((w) => w.elu).filter((u) => u !== void 0);
  const wallMs = windows.reduce((sum3, w) => sum3 + w.wallMs, 0);
  const { trend, leak } = trendOf(windows, o);
  const pids = new Set(windows.flatMap((w) => w.pids.split(",")));
  return {
    windows: windows.length,
    processes: pids.size,
    eventLoopDelayMs: delays.length === 0 ? void 0 : {
      p50: median2(delays.map((d) => d.p50)),
      p99: median2(delays.map((d) => d.p99)),
      max: median2(delays.map((d) => d.max))
    },
    eventLoopUtilization: elus.length === 0 ? void 0 : median2(elus),
    cpuCores: wallMs === 0 ? 0 : windows.reduce((sum3, w) => sum3 + w.cpuMs, 0) / wallMs,
    peakRssMb: Math.max(...windows.map((w) => w.rssPeak)) / MB,
    peakHeapMb: Math.max(...windows.map((w) => w.heapPeak)) / MB,
    rssTrendMbPerRound: trend === void 0 ? void 0 : trend.unit === "round" ? trend.slopeMb : trend.slopeMb * (median2(windows.map((w) => w.wallMs)) / 1e3),
    rssTrend: trend,
    leak
  };
}
function pairedWindows(base, head2) {
  const byLabel = (windows) => Map.groupBy(
    windows.filter((w) => w.label !== void 0),
    (w) => w.label
  );
  const heads = byLabel(head2);
  return [...byLabel(base)].flatMap(([label, bs]) => {
    const hs = heads.get(label) ?? [];
    return bs.slice(0, hs.length).map((b, i) => [b, hs[i]]);
  });
}
function pairedTest2(differences, unit2, level) {
  if (differences.length < 2) return void 0;
  return {
    units: differences.length,
    unit: unit2,
    medianDifference: median2(differences),
    pHeadHigher: signedRankExactP(differences, "greater"),
    pBaseHigher: signedRankExactP(differences, "less"),
    level
  };
}
function eventLoopTest(base, head2, o) {
  const d = pairedWindows(base, head2).flatMap(
    ([b, h]) => b.delay !== void 0 && h.delay !== void 0 ? [h.delay.p99 - b.delay.p99] : []
  );
  return pairedTest2(d, "pair", o.level);
}
function memoryTest(base, head2, o) {
  const lived = (windows) => [...Map.groupBy(windows, (w) => w.pids).values()].filter((group) => group.length >= o.minPoints).sort((a, b) => a[0].at - b[0].at);
  const slope2 = (group) => theilSen(group.map((w, i) => [i, w.rssLast / MB]));
  const [bs, hs] = [lived(base), lived(head2)];
  if (bs.length > 0 && hs.length > 0) {
    const d2 = bs.slice(0, hs.length).map((b, i) => slope2(hs[i]) - slope2(b));
    return pairedTest2(d2, "process pair", o.level);
  }
  const d = pairedWindows(base, head2).flatMap(
    ([b, h]) => b.series.length >= o.minPoints && h.series.length >= o.minPoints ? [theilSen(h.series) - theilSen(b.series)] : []
  );
  return pairedTest2(d, "pair", o.level);
}
function eventLoopCall(base, head2, test, o) {
  const blocked = (a, b) => a >= o.blockedMs && a / Math.max(b, 1) >= o.blockedRatio && a - b >= o.blockedMarginMs;
  if (test === void 0) return "similar";
  if (test.pHeadHigher <= test.level && blocked(head2.p99, base.p99)) return "blocked-on-head";
  if (test.pBaseHigher <= test.level && blocked(base.p99, head2.p99)) return "unblocked-on-head";
  return "similar";
}
function leakCall(base, head2, test) {
  if (test === void 0) return "none";
  if (test.pHeadHigher <= test.level && head2.leak) return "head";
  if (test.pBaseHigher <= test.level && base.leak) return "base";
  return "none";
}
function summarizeDiagnostics(lines, options = {}) {
  const o = { ...DEFAULTS, ...options };
  const base = summarizeSide(lines.base, options);
  const head2 = summarizeSide(lines.head, options);
  const baseDelay = base?.eventLoopDelayMs;
  const headDelay = head2?.eventLoopDelayMs;
  const bothDelays = baseDelay !== void 0 && headDelay !== void 0;
  const [bw, hw] = [windowsOf(lines.base), windowsOf(lines.head)];
  const delayTest = bothDelays ? eventLoopTest(bw, hw, o) : void 0;
  const rssTest = base !== void 0 && head2 !== void 0 ? memoryTest(bw, hw, o) : void 0;
  return {
    base,
    head: head2,
    comparison: {
      eventLoopP99Ratio: bothDelays ? Math.max(headDelay.p99, 1) / Math.max(baseDelay.p99, 1) : void 0,
      eventLoop: bothDelays ? eventLoopCall(baseDelay, headDelay, delayTest, o) : void 0,
      leak: base !== void 0 && head2 !== void 0 ? leakCall(base, head2, rssTest) : void 0,
      ...delayTest === void 0 ? {} : { eventLoopTest: delayTest },
      ...rssTest === void 0 ? {} : { memoryTest: rssTest }
    },
    blockedMs: o.blockedMs
  };
}

// src/diagnostics/recorder.ts
function servingPort(lines, port) {
  if (port === void 0 || !lines.some((l) => l.ports.includes(port))) return [...lines];
  return lines.filter((l) => l.ports.includes(port));
}
var ServerDiagnostics = class {
  side;
  /** The JSON-lines file this server's processes append to. */
  outFile;
  /** Merge into startServer's `env`; {} when diagnostics are off. */
  env;
  recorder;
  windows = 0;
  /** Requests the serving processes began so far, as their lines said. */
  served = 0;
  constructor(recorder, side2, outFile, env) {
    this.recorder = recorder;
    this.side = side2;
    this.outFile = outFile;
    this.env = env ?? {};
  }
  /**
   * Opens a measured window: a snapshot once its warm-up is over (at once without one); close() takes another
   * and records its lines, this server's window, for the summary. Two servers' windows open and close together.
   */
  async open(label, options) {
    if (!this.recorder.enabled) return { close: async () => void 0, abandon: async () => {
    } };
    const key = `${this.side}-${label}-${++this.windows}`;
    const cancel = new AbortController();
    const delayMs = options.warmupSec > 0 ? options.warmupSec * 1e3 + (options.startupMs ?? 300) : 0;
    const take = async () => {
      const lines = servingPort(await snapshot(this.outFile, { label: `${key}-begin` }), options.port);
      this.served += requestsIn(lines);
      return lines;
    };
    const begin = delayMs === 0 ? await take() : sleep9(delayMs, void 0, { signal: cancel.signal }).then(take, () => []);
    const abandon = async () => {
      cancel.abort();
      await begin;
    };
    return {
      abandon,
      close: async () => {
        await abandon();
        const label2 = `${key}-end`;
        const lines = servingPort(await snapshot(this.outFile, { label: label2, collect: true }), options.port);
        this.served += requestsIn(lines);
        this.recorder.record(this.side, lines);
        return memoryOf(lines, this.served);
      }
    };
  }
  /** Every line this server's processes wrote so far (registration, snapshots, final lines). */
  lines() {
    return readSnapshots(this.outFile);
  }
};
var DiagnosticsRecorder = class {
  dir;
  /** Each side's copy of the preload; undefined when it could not be written (diagnostics are then off). */
  preloads;
  nodeOptions;
  recorded = { base: [], head: [] };
  servers = 0;
  /**
   * dir: where the preload and the output files go (e.g. `<output-dir>/diagnostics`). nodeOptions: each side's
   * NODE_OPTIONS, which its servers would get without us (default process.env.NODE_OPTIONS), kept after our
   * --require: a side's servers never get the other side's.
   */
  constructor(dir, nodeOptions = {
    base: process.env.NODE_OPTIONS,
    head: process.env.NODE_OPTIONS
  }) {
    this.dir = dir;
    this.nodeOptions = nodeOptions;
    let preloads;
    try {
      mkdirSync5(dir, { recursive: true });
      preloads = sidePreloads(PRELOAD_SOURCE, PRELOAD_FILE, "diagnostics preload");
    } catch {
      preloads = void 0;
    }
    this.preloads = preloads;
  }
  get enabled() {
    return this.preloads !== void 0;
  }
  /**
   * A new server's diagnostics: its own output file (`<dir>/<name>-<n>.jsonl`) and environment, with its side's
   * copy of the preload, checked first (a GateError when it changed on disk).
   */
  server(side2, name) {
    const outFile = outFileFor(this.dir, `${name}-${++this.servers}`);
    const preload = this.preloads?.[side2].verified();
    const env = preload === void 0 ? void 0 : diagnosticsEnv(preload, outFile, this.nodeOptions[side2]);
    return new ServerDiagnostics(this, side2, outFile, env);
  }
  /** Adds the lines of one measured window of a side. */
  record(side2, lines) {
    this.recorded[side2].push(...lines);
  }
  /** The recorded measured-window lines of both sides. */
  snapshots() {
    return { base: [...this.recorded.base], head: [...this.recorded.head] };
  }
  summary(options = {}) {
    return summarizeDiagnostics(this.recorded, options);
  }
};

// src/diagnostics/port-map.ts
function portMapEnv(preloadPath, moves, nodeOptions) {
  return { NODE_OPTIONS: withRequire(preloadPath, nodeOptions), PERF_GATE_PORT_MAP: formatPortMap(moves) };
}
var PortPreloads = class {
  copies = sidePreloads(PORT_PRELOAD_SOURCE, PORT_PRELOAD_FILE, "port preload");
  /**
   * portMapEnv with `side`'s copy, checked first (a GateError when it changed on disk); {} when the preload could
   * not be written (the server keeps its port, startServer finds that out, and the gate falls back).
   */
  env(side2, moves, nodeOptions) {
    const path = this.copies?.[side2].verified();
    return path === void 0 ? {} : portMapEnv(path, moves, nodeOptions);
  }
};

// src/gate/placement.ts
function cpuList(first, last) {
  return first === last ? String(first) : `${first}-${last}`;
}
function housekeepingCpus(cpus2) {
  return cpus2 >= 8 ? 1 : 0;
}
function cpuSet(first, count4, generator, loadgenBound) {
  const last = first + count4 - 1;
  return {
    server: cpuList(first, last - generator),
    loadgen: cpuList(last - generator + 1, last),
    loadgenWorkers: loadgenBound ? generator : 1
  };
}
function cpuPlacement(cpus2, options = {}) {
  if (!Number.isInteger(cpus2) || cpus2 < 2) return void 0;
  const skip = housekeepingCpus(cpus2);
  const housekeeping = skip === 0 ? void 0 : cpuList(0, skip - 1);
  const bound2 = options.loadgenBound === true;
  if (options.duet === true && cpus2 >= 4) {
    const half = Math.floor((cpus2 - skip) / 2);
    const generator2 = Math.max(1, Math.floor(half / 3));
    return {
      mode: "duet",
      halves: [cpuSet(skip, half, generator2, bound2), cpuSet(skip + half, half, generator2, bound2)],
      housekeeping
    };
  }
  const generator = cpus2 >= 8 ? Math.floor(cpus2 / 4) : 1;
  return { mode: "turns", cpus: cpuSet(skip, cpus2 - skip, generator, bound2), housekeeping };
}

// src/gate/ports.ts
var systemClock = {
  now: () => Date.now(),
  iso: () => (/* @__PURE__ */ new Date()).toISOString()
};

// src/gate/system.ts
function systemPlacement(pin) {
  if (!pin || !existsSync3("/usr/bin/taskset")) return void 0;
  const placement = cpuPlacement(availableParallelism2());
  return placement?.mode === "turns" ? placement.cpus : void 0;
}
function systemCollaborators(config, dirs2, boot = startServer) {
  const placement = systemPlacement(config.pin);
  const diagnosticsDir = join12(config.outputDir, "diagnostics");
  const nodeOptions = (side2) => sideEnv(sideCommands(config, side2).env, side2).NODE_OPTIONS ?? process.env.NODE_OPTIONS;
  const probes = new DiagnosticsRecorder(diagnosticsDir, {
    base: nodeOptions("base"),
    head: nodeOptions("head")
  });
  const fixed = ["base", "head"].some((side2) => sideCommands(config, side2).port !== void 0);
  const ports = fixed ? new PortPreloads() : void 0;
  const start = async (side2, _pair, env, together) => {
    const own = sideCommands(config, side2);
    const movedTo = together && own.port !== void 0 ? await freePort() : void 0;
    const moved = movedTo === void 0 || own.port === void 0 || ports === void 0 ? {} : ports.env(side2, /* @__PURE__ */ new Map([[own.port, movedTo]]), env.NODE_OPTIONS ?? nodeOptions(side2));
    const server = await boot({
      side: side2,
      cwd: dirs2[side2],
      start: own.start,
      port: own.port,
      ...movedTo === void 0 ? {} : { movedTo },
      readyPath: own.ready.path,
      ...own.ready.status === void 0 ? {} : { readyStatus: own.ready.status },
      readyTimeoutMs: own.readyTimeoutMs,
      env: { ...sideEnv(own.env, side2), PERF_GATE_SIDE: side2, ...env, ...moved },
      ...placement ? { wrap: `taskset -c ${placement.server}` } : {}
    });
    return {
      side: server.side,
      origin: server.origin,
      port: server.port,
      pid: server.child.pid,
      assertAlive: (during) => server.assertAlive(during),
      stop: () => server.stop()
    };
  };
  return {
    clock: systemClock,
    load: new LoadGenerator(placement?.loadgen),
    startServer: start,
    probes,
    // The plan records where the servers and the load generator run, as they are started.
    placement
  };
}

// src/gate/profiling.ts
function changeToExplain(decision) {
  if (decision === void 0) return false;
  return decision.verdict === "regression" || decision.verdict === "improvement" || decision.comparisons.some((c) => c.significant);
}
var decided2 = (v) => v === "regression" || v === "improvement";
function allocationChanged(decision) {
  return decision.comparisons.some((c) => c.metric === "alloc" && (c.significant || decided2(c.verdict)));
}
function memoryToExplain(decision) {
  if (decision === void 0) return false;
  return allocationChanged(decision) || (decision.leaks ?? []).some((l) => decided2(l.verdict));
}
function heapPlan(decision) {
  if (decision === void 0 || smallestLeak(decision) === void 0) return "allocated";
  return allocationChanged(decision) ? "both" : "kept";
}
function smallestLeak(decision) {
  const leaks = (decision?.leaks ?? []).filter((l) => l.verdict === "regression").map((l) => l.change);
  return leaks.length === 0 ? void 0 : Math.min(...leaks);
}
function profilePlan(config, decision) {
  if (config.profileSec === 0 || decision === void 0) return "off";
  if (decision.verdict === "no-change") return "no-change";
  if (config.replica !== void 0 && config.replica.index > 1) return "replica";
  return "profile";
}
function placed(u, root, headDir, headProfile) {
  const where = (file) => relative4(root, resolve6(headDir, file));
  const caller2 = headProfile === void 0 ? void 0 : callerOf(headProfile, u);
  return {
    unit: u.level,
    fn: u.name,
    file: where(u.level === "package" ? join13("node_modules", u.name) : u.file),
    line: u.line,
    ...caller2 && {
      caller: { fn: caller2.fn, file: where(caller2.file), line: caller2.line, package: packageOf(caller2) }
    }
  };
}
function hotterUnits(evidence, root, headDir, headProfile) {
  return evidence.named.filter((u) => u.deltaUs > 0 && !u.pseudo).slice(0, 5).map((u) => ({
    ...placed(u, root, headDir, headProfile),
    baseSelf: evidence.base.busyUs > 0 ? Math.min(1, u.baseSelfUs / evidence.base.busyUs) : 0,
    headSelf: evidence.head.busyUs > 0 ? Math.min(1, u.headSelfUs / evidence.head.busyUs) : 0,
    baseUsPerRequest: u.baseSelfUs,
    headUsPerRequest: u.headSelfUs
  }));
}
function dependencyVersion(u, headDir) {
  if (u.pseudo || u.package === "" || u.package === "node:") return void 0;
  const home = `node_modules/${u.package}`;
  const at = u.file.replace(/\\/g, "/").lastIndexOf(home);
  const dir = u.level === "package" ? home : at < 0 ? void 0 : u.file.slice(0, at + home.length);
  if (dir === void 0) return void 0;
  try {
    const { version } = JSON.parse(readFileSync14(resolve6(headDir, dir, "package.json"), "utf8"));
    return typeof version === "string" && /^[0-9A-Za-z.+-]{1,40}$/.test(version) ? version : void 0;
  } catch {
    return void 0;
  }
}
function allocationSummary(allocation2, root, headDir) {
  const { evidence } = allocation2;
  const more = evidence.named.filter((u) => u.deltaBytes > 0 && !u.pseudo).slice(0, 5).map((u) => {
    const version = dependencyVersion(u, headDir);
    return {
      ...placed(u, root, headDir, allocation2.profiles.head),
      ...version !== void 0 && { version },
      baseBytes: u.baseBytes,
      headBytes: u.headBytes
    };
  });
  return { evidence, more };
}
async function profileBoth(context, dirs2, scenarios, deadline, notes2, decision) {
  const { config, log } = context;
  if (scenarios.length === 0) return void 0;
  const spec = compareSpec(config, dirs2, scenarios, decision, (chunk) => log.output(chunk));
  const needMs = 2 * ((spec.heap === "both" ? 2 : 1) * config.profileSec * 1e3 + 2e4);
  if (Date.now() + needMs > deadline - PUBLISH_RESERVE_MS) {
    notes2.push({ kind: "no-room-for-profiles" });
    return void 0;
  }
  const started = Date.now();
  try {
    return await log.group({ kind: "profiling" }, async () => {
      const result = await compareProfiles(spec);
      const seconds = (Date.now() - started) / 1e3;
      log.info({ kind: "profiling-took", seconds });
      if (result.cpu instanceof GateError) noFlameGraphs(context, notes2, result.cpu);
      const where = { root: context.root, headDir: dirs2.head, dir: spec.outDir };
      return profileSummary(result, where, seconds);
    });
  } catch (error) {
    if (!(error instanceof GateError)) throw error;
    noFlameGraphs(context, notes2, error);
    return void 0;
  }
}
function noFlameGraphs(context, notes2, error) {
  notes2.push({ kind: "no-flame-graphs", message: error.message });
  context.log.warning({ kind: "profiling-failed", message: error.message });
}
function compareSpec(config, dirs2, scenarios, decision, onOutput) {
  return {
    dirs: dirs2,
    start: config.start,
    port: config.port,
    env: config.env,
    ...config.baseCommands ? { base: sideCommands(config, "base") } : {},
    requests: scenarios.map((scenario) => ({
      method: scenario.method,
      path: scenario.path,
      headers: scenario.headers,
      body: scenario.body,
      connections: scenario.connections
    })),
    readyPath: config.ready.path,
    readyStatus: config.ready.status,
    durationSec: config.profileSec,
    connections: config.connections,
    explain: changeToExplain(decision),
    explainMemory: memoryToExplain(decision),
    heap: heapPlan(decision),
    leakBytes: smallestLeak(decision),
    engine: config.engine,
    cpus: systemPlacement(config.pin),
    readyTimeoutMs: config.readyTimeoutMs,
    outDir: join13(config.outputDir, "profiles"),
    onOutput: (chunk) => onOutput(chunk.trimEnd())
  };
}
function profileSummary(result, where, seconds) {
  const { cpu } = result;
  const { root, headDir } = where;
  return {
    files: result.files,
    dir: where.dir,
    ...cpu instanceof GateError ? { hotter: [], cpu: false } : {
      hotter: hotterUnits(cpu.evidence, root, headDir, cpu.profiles.head),
      evidence: keptEvidence(cpu.evidence)
    },
    ...result.allocation && { allocation: allocationSummary(result.allocation, root, headDir) },
    ...result.kept && { kept: allocationSummary(result.kept, root, headDir) },
    seconds
  };
}

// src/gate/trees.ts
import { existsSync as existsSync4, readFileSync as readFileSync15 } from "node:fs";
import { dirname as dirname5, join as join14, relative as relative5, resolve as resolve7 } from "node:path";
function hasDependencies(dir) {
  try {
    const manifest = JSON.parse(readFileSync15(join14(dir, "package.json"), "utf8"));
    const count4 = (field) => Object.keys(manifest[field] ?? {}).length;
    return count4("dependencies") + count4("devDependencies") + count4("optionalDependencies") > 0;
  } catch {
    return false;
  }
}
function detectInstall(root, dir) {
  let current = resolve7(dir);
  const top = resolve7(root);
  for (; ; ) {
    const has = (file) => existsSync4(join14(current, file));
    if (has("pnpm-lock.yaml")) return { command: "pnpm install --frozen-lockfile", cwd: current };
    if (has("yarn.lock"))
      return {
        command: has(".yarnrc.yml") ? "yarn install --immutable" : "yarn install --frozen-lockfile",
        cwd: current
      };
    if (has("bun.lockb") || has("bun.lock"))
      return { command: "bun install --frozen-lockfile", cwd: current };
    if (has("package-lock.json") || has("npm-shrinkwrap.json")) return { command: "npm ci", cwd: current };
    if (current === top || relative5(top, current).startsWith("..")) break;
    current = dirname5(current);
  }
  return hasDependencies(dir) ? { command: "npm install", cwd: resolve7(dir) } : void 0;
}
function installsTogether(install2, roots, dirs2) {
  if (install2 === "skip") return true;
  if (install2 !== "auto") return false;
  return ["base", "head"].every((side2) => {
    const plan = detectInstall(roots[side2], dirs2[side2]);
    return plan === void 0 || /^(npm|pnpm) /.test(plan.command);
  });
}
function failureExcerpt(text2, count4 = 40) {
  const lines = text2.trimEnd().split("\n");
  if (lines.length <= count4) return lines.join("\n");
  const first = lines.findIndex((line) => /\berror\b|\bERR!/i.test(line));
  if (first === -1 || first >= lines.length - count4) return lines.slice(-count4).join("\n");
  const cause = lines.slice(first, first + Math.floor(count4 / 3));
  const tail2 = lines.slice(-(count4 - cause.length - 1));
  const skipped = lines.length - first - cause.length - tail2.length;
  return [...cause, ...skipped > 0 ? [`\u2026 (${skipped} more lines)`] : [], ...tail2].join("\n");
}
async function step2(code2, side2, command2, cwd, timeoutMs, log, notes2, signal2) {
  await log.group({ kind: "step", step: code2, side: side2, command: command2 }, async () => {
    const result = await runCommand(command2, {
      cwd,
      env: safeEnv({ CI: "true" }),
      timeoutMs,
      onOutput: (chunk) => log.output(chunk.trimEnd()),
      ...signal2 ? { signal: signal2 } : {}
    });
    if (result.aborted) throw new StepStopped();
    noteLeftovers(code2, side2, result.left, log, notes2);
    if (result.timedOut) {
      throw new GateError(code2, stepTimedOutMessage(code2, side2, command2, timeoutMs), {
        side: side2,
        output: failureExcerpt(result.output.toString())
      });
    }
    if (result.code !== 0) {
      throw new GateError(code2, stepFailedMessage(code2, side2, command2, result.code), {
        side: side2,
        output: failureExcerpt(result.output.toString())
      });
    }
    log.info({ kind: "step-took", step: code2, side: side2, ms: result.durationMs });
  });
}
function noteLeftovers(step3, side2, left, log, notes2) {
  if (left.length === 0) return;
  const note = { kind: "leftovers-stopped", step: step3, side: side2, commands: left.map((p) => p.command) };
  log.info({ kind: "note", note });
  notes2?.push(note);
}
async function prepareTree(options) {
  const { side: side2, root, dir, log } = options;
  if (!existsSync4(dir)) {
    throw new GateError("install", noDirectoryMessage(side2, relative5(root, dir)), { side: side2 });
  }
  const plan = options.install === "skip" ? void 0 : options.install === "auto" ? detectInstall(root, dir) : { command: options.install, cwd: dir };
  const { notes: notes2 } = options;
  const { signal: signal2 } = options;
  if (plan) await step2("install", side2, plan.command, plan.cwd, options.buildTimeoutMs, log, notes2, signal2);
  else log.info({ kind: "nothing-to-install", side: side2 });
  if (signal2?.aborted) throw new StepStopped();
  if (options.build)
    await step2("build", side2, options.build, dir, options.buildTimeoutMs, log, notes2, signal2);
}
async function runHook(options) {
  const { what: what2, side: side2, command: command2, log } = options;
  const { PORT: _port, ...env } = safeEnv({
    CI: "true",
    NODE_ENV: "production",
    ...sideEnv(options.env, side2),
    PERF_GATE_SIDE: side2
  });
  await log.group({ kind: "step", step: what2, side: side2, command: command2 }, async () => {
    const result = await runCommand(command2, {
      cwd: options.cwd,
      env,
      timeoutMs: options.timeoutMs,
      // The hook's output is the pull request's text: shown with workflow commands off (issue 23).
      onOutput: (chunk) => log.output(chunk.trimEnd()),
      // What setup starts in the background (a mock server) runs until the end of the run.
      leftovers: what2 === "setup" ? "keep" : "kill"
    });
    if (what2 === "setup" && result.left.length > 0) {
      log.info({ kind: "setup-left", side: side2, commands: result.left.map((p) => p.command) });
    } else noteLeftovers(what2, side2, result.left, log, options.notes);
    const fail = (failure) => new GateError(what2, hookFailedMessage(what2, side2, command2, failure), {
      side: side2,
      output: failureExcerpt(result.output.toString())
    });
    if (result.timedOut) throw fail({ timedOutMs: options.timeoutMs });
    if (result.code === null) throw fail({ code: null, signal: result.signal });
    if (result.code !== 0) throw fail({ code: result.code });
    log.info({ kind: "step-took", step: what2, side: side2, ms: result.durationMs });
  });
}
var StepStopped = class extends Error {
};

// src/gate/run-gate.ts
async function runGate(context, hooks = {}) {
  const { config } = context;
  hooks.mask?.(config.secrets);
  const started = Date.now();
  const run = {
    started,
    deadline: started + config.timeoutMs,
    notes: [],
    prepared: [],
    prepareSec: 0,
    measureSec: 0,
    changedFiles: [],
    rounds: []
  };
  hooks.progress?.(
    (error) => redact(assembleReport(context, { ...run, notes: [...run.notes], error }), [
      config.token,
      ...config.secrets
    ])
  );
  try {
    await gateSteps(context, run, hooks.collaborators ?? systemCollaborators);
  } catch (caught) {
    run.error = caught instanceof GateError ? caught : internalError(caught);
    if (run.prepareSec === 0) run.prepareSec = (Date.now() - started) / 1e3;
  } finally {
    await finish2(context, run);
  }
  const report = redact(assembleReport(context, run), [config.token, ...config.secrets]);
  if (!hooks.cancelled?.()) await writeReport(config.outputDir, report);
  return report;
}
function internalError(caught) {
  const message2 = errorMessage(caught);
  return new GateError("internal", `perf-gate failed unexpectedly (${message2}); what was measured is kept`, {
    ...caught instanceof Error && caught.stack ? { output: caught.stack } : {},
    cause: caught
  });
}
async function gateSteps(context, run, collaborators) {
  const { config, log } = context;
  pinLoadGenerator();
  const check2 = checkPlan(config);
  if (!check2.canDecide) {
    throw new GateError("config", planErrorMessage(check2, config.restartEvery, config.scenarioCount));
  }
  run.notes.push(...trustNotes(config));
  const dirs2 = await prepareTrees(context, run);
  run.prepareSec = (Date.now() - run.started) / 1e3;
  const measureStart = Date.now();
  const measured = await measure({
    config,
    log,
    deadline: run.deadline,
    notes: run.notes,
    kept: run.rounds,
    ...collaborators(config, dirs2)
  });
  run.measured = measured;
  run.measureSec = (Date.now() - measureStart) / 1e3;
  run.changedFiles = await changedSince(context.root, context.base.sha);
  const plan = profilePlan(config, measured.decision);
  if (plan === "profile") {
    const scenarios = config.scenarios.filter((scenario) => !measured.newScenarios.includes(scenario.name));
    run.profile = await profileBoth(context, dirs2, scenarios, run.deadline, run.notes, measured.decision);
  } else if (plan !== "off") log.info({ kind: "not-profiled", reason: plan });
}
function trustNotes(config) {
  const notes2 = [];
  if (config.configChanged && config.configFile !== void 0)
    notes2.push({ kind: "config-changed", file: config.configFile });
  if (config.headCommandsOnBase) notes2.push({ kind: "head-start-on-base" });
  if (config.workflowChanged !== void 0)
    notes2.push({ kind: "workflow-changed", file: config.workflowChanged });
  return notes2;
}
async function finish2(context, run) {
  const { config, log } = context;
  try {
    if (run.dirs !== void 0) await teardown(context, run.dirs, run.prepared, run.deadline, run.notes);
  } catch (error) {
    run.error ??= internalError(error);
  }
  const stopped = await stopBackground();
  if (stopped.length > 0) {
    const note = { kind: "background-stopped", commands: stopped.map((p) => p.command) };
    run.notes.push(note);
    log.info({ kind: "note", note });
  }
  try {
    await cleanUp(run.worktree, config, log);
  } catch (error) {
    log.warning({
      kind: "tree-not-removed",
      message: errorMessage(error)
    });
  }
}
async function prepareTrees(context, run) {
  const { config, log } = context;
  const group = { kind: "base-tree", label: context.base.label, sha: context.base.sha };
  const worktree = await log.group(group, async () => {
    const tree = await addWorktree(context.root, context.base.sha);
    log.info({ kind: "base-checked-out", dir: tree.dir });
    return tree;
  });
  run.worktree = worktree;
  const dirs2 = {
    base: resolve8(worktree.dir, config.workingDirectory),
    head: resolve8(context.root, config.workingDirectory)
  };
  run.dirs = dirs2;
  const roots = { base: worktree.dir, head: context.root };
  const remaining = () => run.deadline - Date.now() - PUBLISH_RESERVE_MS;
  const prepare = (side2, stepLog, signal2) => {
    const left = remaining();
    return prepareTree({
      side: side2,
      root: roots[side2],
      dir: dirs2[side2],
      install: config.install,
      build: config.build,
      buildTimeoutMs: Math.max(1e3, Math.min(config.buildTimeoutMs, left)),
      log: stepLog,
      notes: run.notes,
      ...signal2 ? { signal: signal2 } : {}
    });
  };
  if (!installsTogether(config.install, roots, dirs2)) {
    for (const side2 of ["base", "head"]) {
      if (side2 === "head") run.headRan = true;
      await prepare(side2, log);
      run.prepared.push(side2);
    }
    return setup(context, run, dirs2, remaining);
  }
  const held2 = new HeldLog();
  const stopHead = new AbortController();
  run.headRan = true;
  const base = prepare("base", log).catch((error) => {
    stopHead.abort();
    throw error;
  });
  const [baseDone, headDone] = await Promise.allSettled([base, prepare("head", held2, stopHead.signal)]);
  if (baseDone.status === "rejected") throw baseDone.reason;
  run.prepared.push("base");
  await held2.replay(log);
  if (headDone.status === "rejected") throw headDone.reason;
  run.prepared.push("head");
  return setup(context, run, dirs2, remaining);
}
async function setup(context, run, dirs2, remaining) {
  const { config, log } = context;
  for (const side2 of ["base", "head"]) {
    const own = sideCommands(config, side2);
    if (own.setup === void 0) continue;
    if (side2 === "head") run.headRan = true;
    await runHook({
      what: "setup",
      side: side2,
      command: own.setup,
      cwd: dirs2[side2],
      env: own.env,
      timeoutMs: Math.max(1e3, Math.min(config.buildTimeoutMs, remaining())),
      log
    });
  }
  return dirs2;
}
async function cleanUp(worktree, config, log) {
  const tree = worktree ? await diskUsage(worktree.dir) : 0;
  if (worktree && config.keepTrees) {
    log.info({ kind: "keep-trees", dir: worktree.dir });
  } else {
    await worktree?.remove();
  }
  const outputs = await diskUsage(config.outputDir);
  const kept2 = worktree ? config.keepTrees : void 0;
  log.info({ kind: "disk-use", tree, kept: kept2, outputs, outputDir: config.outputDir });
}
async function teardown(context, dirs2, sides, deadline, notes2) {
  const { config, log } = context;
  for (const side2 of sides) {
    const own = sideCommands(config, side2);
    if (own.teardown === void 0) continue;
    try {
      await runHook({
        what: "teardown",
        side: side2,
        command: own.teardown,
        cwd: dirs2[side2],
        env: own.env,
        timeoutMs: Math.max(1e4, Math.min(config.buildTimeoutMs, deadline - Date.now())),
        log,
        notes: notes2
      });
    } catch (error) {
      if (!(error instanceof GateError)) throw error;
      notes2.push({ kind: "teardown-failed", message: error.message });
      log.warning({ kind: "error-output", message: error.message, output: error.output });
    }
  }
}
async function changedSince(root, base) {
  try {
    return (await git(root, ["diff", "--name-only", base])).split("\n").filter((line) => line !== "");
  } catch {
    return [];
  }
}

// src/report/notes.ts
var PACED_LAG_MS = 5;
function openLoopText(view) {
  if (view === void 0 || view.rates.length === 0) return "";
  const rates = view.rates.map(
    ({ scenario, rate: rate2 }) => `${formatValue("rps", rate2)} req/s for ${escapeMarkdown(scenario)}`
  );
  const lag = view.sendLagP99Ms;
  const behind = lag > PACED_LAG_MS ? ` The load generator fell behind its schedule (p99 ${lag.toFixed(1)} ms late): the rate is too high for it on this runner, so lower \`latency-rate\`.` : "";
  return `"p99 at fixed rate": after its closed-loop load, each side got ${Number(view.sec.toFixed(2))} s per pair of open-loop load at ${rates.join(", ")} (the same for base and head), requests sent on schedule whatever the server does and timed from when they were due, so a stall's queue counts and cannot hide (coordinated omission).${behind}`;
}
function scenariosLine(report) {
  const s = report.settings;
  const parts = [];
  for (const scenario of s.scenarios) {
    const request2 = `${scenario.method} ${scenario.path}`;
    const extras = [
      ...scenario.expectStatus === void 0 ? [] : [`expects ${scenario.expectStatus}`],
      ...scenario.connections === s.connections ? [] : [`${scenario.connections} connections`],
      ...scenario.threshold === s.threshold ? [] : [`threshold \xB1${formatShare(scenario.threshold)}`]
    ];
    if (scenario.name === request2 && extras.length === 0) continue;
    const what2 = scenario.name === request2 ? escapeMarkdown(request2) : `${escapeMarkdown(scenario.name)}: ${escapeMarkdown(request2)}`;
    parts.push(extras.length === 0 ? what2 : `${what2} (${extras.join(", ")})`);
  }
  const shard = report.shard ? `Shard ${report.shard.index} of ${report.shard.count}: ${s.scenarios.length} of ${report.scenarioCount} scenarios.` : "";
  const list3 = parts.length === 0 ? "" : `Scenarios: ${parts.join(" \xB7 ")}.`;
  return [shard, list3].filter((text2) => text2 !== "").join(" ");
}
function processOffsetNote(decision) {
  const differed = (decision?.comparisons ?? []).flatMap(
    (c) => c.processes?.differed ? [{ c, blocks: c.processes }] : []
  );
  const first = differed[0]?.blocks;
  if (first === void 0) return void 0;
  const changes = (blocks) => blocks.changes.map((change) => formatPercent(change)).join(", ");
  const seen = differed.map(
    ({ c, blocks }) => `${c.scenario} ${metricLabel(c.metric)} ${changes(blocks)} (F = ${blocks.f.toFixed(1)}, ${pText(blocks.p)})`
  ).join("; ");
  return `the server's processes differed for their whole life: in blocks of ${first.restartEvery} pairs that shared a base and a head process, the change moved from block to block more than the pairs within a block allow (${seen}). A process that runs faster or slower than its twin moves all the pairs of its block alike, so with \`restart-every\` of 2 or more each block is one unit of every comparison: the intervals and p-values above come from the ${first.changes.length} blocks' mean changes, not from the pairs, and already account for it. If this recurs, the server's speed differs from one start to the next: a longer \`time-budget\` gives more blocks, and \`restart-every: 1\` (in \`measure\`) gives every pair new processes (then measured in their first seconds, JIT warm-up included).`;
}
function carryOverNote(decision) {
  const seen = /* @__PURE__ */ new Map();
  for (const c of decision?.comparisons ?? []) {
    if (c.carryOver && !seen.has(c.scenario)) seen.set(c.scenario, { ...c.carryOver, left: c.pairs });
  }
  if (seen.size === 0) return void 0;
  const list3 = [...seen].map(
    ([scenario, { after, pairs, left }]) => `${scenario} right after ${after} in ${pairs} pair${pairs === 1 ? "" : "s"} (decided on the other ${left})`
  ).join("; ");
  return `a scenario can slow down for what the one measured before it left in the processes (garbage, a cache, a queue), so a regression measured right after a larger one is decided without those pairs: ${list3}. The scenarios' order rotates from pair to pair, each one after each other equally often; where too few pairs are left, the comparison stays open.`;
}
function droppedNote(decision) {
  const dropped = (decision?.comparisons ?? []).filter((c) => (c.dropped ?? 0) > 0);
  if (dropped.length === 0) return void 0;
  const list3 = dropped.map((c) => `${c.scenario} ${metricLabel(c.metric)}: ${c.dropped} of ${c.pairs + c.dropped}`).join("; ");
  return `pairs in which a side had no value were left out of these comparisons (a side that served 0 req/s has no ratio and no latency): ${list3}. A side that answers nothing is down or stalled for the whole turn: its failed requests say how often.`;
}

// src/report/gate-text.ts
function baseTreeGroup(label, sha) {
  return `base tree: ${label} (${sha.slice(0, 7)})`;
}
function baseCheckedOutLog(dir) {
  return `base checked out at ${dir}`;
}
function nothingToInstallLog(side2) {
  return `install ${side2}: nothing to install`;
}
function stepGroup(step3, side2, command2) {
  return `${step3} ${side2}: ${command2}`;
}
function stepTookLog(step3, side2, durationMs) {
  return `${step3} ${side2} took ${(durationMs / 1e3).toFixed(1)} s`;
}
function teardownNote(message2) {
  return `${message2} (the verdict stands).`;
}
function keepTreesLog(dir) {
  return `keep-trees: the base tree stays at ${dir} (remove it with \`git worktree remove --force\`)`;
}
function diskUseLog(tree, kept2, outputs, outputDir) {
  const fate = kept2 === void 0 ? "none" : kept2 ? "kept" : "removed";
  return `disk use of this run: base tree ${tree} (${fate}), outputs ${outputs} in ${outputDir}`;
}
function loadgenBusyNote(loadgenCpu) {
  return `the load generator kept ${(loadgenCpu * 100).toFixed(0)}% of a core busy: on this runner it, not the server, may set the pace, so changes in req/s may be understated.`;
}
function generatorPacedNote(scenarios, all) {
  const where = all ? "" : ` on ${scenarios.join(", ")}`;
  return `the load generator set the pace${where} (in the first pair it had no idle time left, or was busier than the server), so req/s and latency understate a change in the server's own cost: the server's CPU time per request was compared too, against the req/s threshold.`;
}
var NO_ROOM_FOR_PROFILES = "no flame graphs: the time limit (input `timeout`) left no room for the profiling pass.";
var PROFILING_GROUP = "profiling base and head with 0x";
var PROFILE_ARTIFACTS = "the flame-graph artifact of this run";
function profilingTookLog(seconds) {
  return `profiling took ${seconds.toFixed(1)} s`;
}
function notProfiledLog(reason) {
  return reason === "no-change" ? "not profiled: no change to explain (flame graphs come with a change, or an inconclusive gate)" : "not profiled: runner 1 of the matrix profiles for all (`replica: 1/n`)";
}
function noFlameGraphsNote(message2) {
  return `no flame graphs: ${message2}`;
}
function profilingFailedLog(message2) {
  return `profiling failed (the verdict stands): ${message2}`;
}
function openLoopRateLog(scenario, rate2, share3, baseRps) {
  const capped = rate2 < share3 * baseRps ? `, capped at what the open-loop client sustains` : "";
  return `${scenario}: open-loop load at ${rate2} req/s (${Math.round(share3 * 100)}% of base's ${Math.round(baseRps)} req/s${capped})`;
}
function disturbanceReason(d) {
  return d.cause === "foreign" ? foreignCpuReason(d.cores) : stolenCpuReason(d.cores);
}
function foreignCpuReason(cores) {
  return `other processes kept ${cores.toFixed(2)} cores busy`;
}
function stolenCpuReason(cores) {
  return `the hypervisor stole ${cores.toFixed(2)} cores`;
}
function measuredAgainLog(pair2, reason) {
  return `pair ${pair2 + 1} was disturbed (${reason}): measuring it again`;
}
function keptDisturbedLog(pair2, reason, measuredAgain, why = {}) {
  const because = why.steady ? "as busy as the machine has been throughout, which a pair measured again would meet too" : why.budget ? "but measuring it again would leave the time budget short of the next look" : `after ${measuredAgain} pairs were measured again`;
  return `pair ${pair2 + 1} was disturbed (${reason}) ${because}: kept, base and head took turns in it`;
}
function turnsRefittedLog(scenario, turns, planned, turnSec, extraSec) {
  const slot = `${Math.round(turnSec * 1e3)} ms`;
  const extra = `${extraSec.toFixed(2)} s`;
  return turns === planned ? `${scenario}: turns cost what was planned again: back to ${planned} turns a side of ${slot}` : `${scenario}: ${turns} turns a side of ${slot} instead of ${planned}, so that a pair costs what was planned (a base and a head turn took ${extra} beyond their slots, waiting for the requests in flight)`;
}
function signedPercent(share3) {
  const text2 = Math.abs(share3 * 100).toFixed(1);
  return `${share3 > 0 && text2 !== "0.0" ? "+" : share3 < 0 && text2 !== "0.0" ? "\u2212" : ""}${text2}%`;
}
function pairLog(pair2, rows) {
  const scenarios = rows.map(({ scenario, base, head: head2, running: running2 }) => {
    const [b, h] = [base.rps, head2.rps];
    const so = running2 && Number.isFinite(running2.change) ? `, so far ${signedPercent(running2.change)} over ${pairCount(running2.pairs)}` : "";
    return `${scenario}: base ${Math.round(b)} req/s, head ${Math.round(h)} req/s (${signedPercent((h - b) / b)})${so}${pacedLine(base.paced, head2.paced)}`;
  });
  return `pair ${pair2 + 1}: ${scenarios.join("; ")}`;
}
var MEASURING_GROUP = "measuring base and head in interleaved pairs";
function pacedLine(base, head2) {
  if (!base && !head2) return "";
  const side2 = (p) => {
    if (!p) return "no open-loop load";
    const p99 = p.latencyMs.p99;
    const value2 = p99 === null || !Number.isFinite(p99) ? "n/a" : `${p99.toFixed(2)} ms`;
    return p.responses < p.sent ? `${value2} (${p.sent - p.responses} of ${p.sent} unanswered)` : value2;
  };
  return `, p99 at ${Math.round((base ?? head2)?.rate ?? 0)} req/s: base ${side2(base)}, head ${side2(head2)}`;
}
function pairCount(pairs) {
  return `${pairs} pair${pairs === 1 ? "" : "s"}`;
}
function timeLimitNote(pairs) {
  return `the gate's time limit (input \`timeout\`) ran out after ${pairCount(pairs)}.`;
}
function timeLimitLog(pairs) {
  return `the time limit ran out after ${pairCount(pairs)}: deciding on what was measured`;
}
function settledNote(scenario, verdict, pairs) {
  const as = verdict === "no-change" ? "no change" : `a confirmed ${VERDICT_TEXT[verdict]}`;
  return `${scenario} settled as ${as} after ${pairCount(pairs)}; its time went to the others (its comparisons are as they were decided then).`;
}
function settledLog(scenarios, open3) {
  const turns = open3.map((s) => `${s.name} ${s.turns} turns a side`).join(", ");
  return `${scenarios.join(", ")} settled: measured no further; from the next pair on, ${turns}`;
}
function confirmationLog(pairs) {
  return `a borderline regression earned ${pairs} more pairs to confirm it`;
}
function busyMachineNote(kept2, pairs, reason, measuredAgain) {
  const of = `${kept2} of ${pairs} pair${pairs === 1 ? " was" : "s were"}`;
  const again = measuredAgain === 0 ? "" : `, after ${measuredAgain} had been measured again`;
  return `the machine was busy throughout: ${of} kept although disturbed (worst: ${reason})${again}. Base and head took turns, so both felt it alike: such pairs are noisier, not biased, and the p-values and intervals account for the noise. Run perf-gate in a job of its own, with nothing else running.`;
}
function startupNoteText(startupSec, pairSec, restartEvery) {
  return `starting base and head took ${startupSec.toFixed(1)} s of every pair's ${pairSec.toFixed(1)} s (\`restart-every: 1\` starts new processes for every pair). For a server this slow to start, the default \`restart-every: ${restartEvery}\` starts them (and primes them) once per ${restartEvery} pairs, and the time budget buys more pairs.`;
}
function portNotMovedNote(fixed) {
  return `base and head did not run side by side: a server kept port ${fixed} (input \`port\`) instead of moving to the port perf-gate handed it, so it measured whole rounds on port ${fixed}, a fresh process per round, one side after the other (noisier than turns side by side). perf-gate moves a fixed port only inside Node.js processes that load the NODE_OPTIONS they are given: not in a start command that runs another program, nor in a process started with NODE_OPTIONS replaced. A server that listens on \`process.env.PORT\` (and no \`port\` input) always runs side by side.`;
}
function newEndpointLog(scenario, base) {
  return `${scenario} fails on base (${statusSummary(base)}) but not on head: a new endpoint, not compared`;
}
function aboutTime(sec) {
  if (sec < 90) return `about ${Math.max(1, Math.round(sec))} s`;
  if (sec < 5400) return `about ${Math.round(sec / 60)} min`;
  return `about ${(Math.round(sec / 1800) / 2).toFixed(1).replace(/\.0$/, "")} h`;
}
function futilityNote(f, pairSec, budgetSec) {
  const what2 = `${metricLabel(f.metric)} of ${f.scenario}`;
  const neededSec = f.neededPairs * pairSec;
  const budgetText2 = `${Math.round(budgetSec / 60) >= 1 ? `${Math.round(budgetSec / 60)}-minute` : `${budgetSec} s`}`;
  const minutes = Math.ceil(neededSec / 60);
  const setting = neededSec > 6 * 3600 ? "lengthen `time-budget`" : `set \`time-budget: ${minutes}m\`${minutes > 20 ? ` (and \`timeout\` well above it)` : ""}`;
  return `stopped early for noise: on this runner, this hour, ${what2} varied by \xB1${(f.noise * 100).toFixed(1)}% per pair between base and head, so resolving its ${(f.threshold * 100).toFixed(1).replace(/\.0$/, "")}% threshold needs about ${f.neededPairs} pairs (${aboutTime(neededSec)}) where the ${budgetText2} \`time-budget\` buys ${f.budgetPairs}. Rather than end inconclusive at the budget's end, the gate stopped after ${f.pairs} pairs (${aboutTime(f.pairs * pairSec)}). To get a verdict, ${setting}, raise \`threshold\`, or run on a quieter runner.`;
}

// src/report/profile.ts
function formatBusyShare(share3) {
  const p = share3 * 100;
  if (p === 0) return "0%";
  if (p < 0.1) return "<0.1%";
  if (p >= 10) return `${p.toFixed(0)}%`;
  return `${p.toFixed(1)}%`;
}
function formatUs(us) {
  if (!Number.isFinite(us)) return "n/a";
  const abs = Math.abs(us);
  return `${abs >= 100 ? abs.toFixed(0) : abs >= 10 ? abs.toFixed(1) : abs.toFixed(2)} \xB5s`;
}
function formatUsChange(us) {
  return `${us > 0 ? "+" : us < 0 ? "\u2212" : "\xB1"}${formatUs(us)}`;
}
function packageLabel(name) {
  if (name === "") return "the app's own files";
  if (name === "node:") return "Node.js (`node:` modules)";
  if (name.startsWith("(")) return escapeMarkdown(name);
  return code(name);
}
function inDependency(u) {
  return !u.pseudo && u.package !== "" && u.package !== "node:";
}
function unitText(u) {
  if (u.pseudo) return escapeMarkdown(u.name);
  if (u.level === "package") return `the package ${packageLabel(u.name)}`;
  const of = inDependency(u) ? ` of the package ${code(u.package)},` : "";
  if (u.level === "file") return `the file ${code(u.file)}${of.replace(/,$/, "")}`;
  const at = u.file === "" ? "" : ` in ${escapeMarkdown(u.line > 0 ? `${u.file}:${u.line}` : u.file)}`;
  return `${code(u.name)}${of}${at}`;
}
function changeText(u) {
  return `${formatUsChange(u.deltaUs)} (${formatUs(u.baseSelfUs)} \u2192 ${formatUs(u.headSelfUs)})`;
}
function evidenceSentence(e, w) {
  const data = "the figures below are data, not a claim.";
  if (e.pairs < 3) return `${w.tooFew}: ${data}`;
  if (!e.explain) return `The gate found no ${w.nothingOf} to explain, so no function is named: ${data}`;
  const more = e.named.filter((u) => w.delta(u) > 0);
  const less = e.named.filter((u) => w.delta(u) < 0);
  if (more.length === 0 && less.length === 0)
    return `No function, file or package changed ${w.changed} beyond its spread between the ${e.pairs} pairs of windows: ${data}`;
  const list3 = (units2) => units2.slice(0, 3).map((u) => `${unitText(u)} ${w.change(u)}`).join("; ");
  const parts = [];
  if (more.length > 0) parts.push(`**${w.more}**: ${list3(more)}.`);
  if (less.length > 0) parts.push(`${more.length > 0 ? w.lessAfterMore : `**${w.less}**`}: ${list3(less)}.`);
  return `${parts.join(" ")} (${w.figure}, each beyond its spread between the ${e.pairs} pairs of windows.)`;
}
function namedSentence(e) {
  return evidenceSentence(e, {
    tooFew: "The samples could not be split into windows of load, so no change is tested",
    nothingOf: "change",
    changed: "its CPU time per request",
    more: "Hotter on head",
    less: "Cooler on head",
    lessAfterMore: "Cooler",
    figure: "CPU time per request",
    delta: (u) => u.deltaUs,
    change: changeText
  });
}
function pCell(u, e) {
  if (u.p === void 0) return "";
  const same = (n) => n.level === u.level && n.name === u.name && n.file === u.file && n.line === u.line;
  const named = e.named.some(same) ? " **named**" : "";
  return `${formatP(u.p, e.level / Math.max(1, e.tested))}${named}`;
}
function row(cells2) {
  return `| ${cells2.join(" | ")} |`;
}
function namedTable(e) {
  if (e.named.length === 0) return [];
  const out = [
    "| named | level | base \xB5s/request | head \xB5s/request | change | p |",
    "| --- | --- | ---: | ---: | ---: | ---: |"
  ];
  for (const u of e.named) {
    const what2 = u.level === "function" && u.file !== "" ? `${codeCell(u.name)} ${codeCell(`${u.file}:${u.line}`)}` : unitCell(u);
    const cells2 = [formatUs(u.baseSelfUs), formatUs(u.headSelfUs), formatUsChange(u.deltaUs), pCell(u, e)];
    out.push(row([what2, u.level, ...cells2]));
  }
  return [...out, ""];
}
function fileLineCell(u) {
  return u.file === "" ? "" : codeCell(u.line > 0 ? `${u.file}:${u.line}` : u.file);
}
function unitCell(u) {
  if (u.pseudo) return escapeMarkdown(u.name);
  if (u.level === "package") return packageLabel(u.name);
  return codeCell(u.level === "file" ? u.file : u.name);
}
function figures(e, level, rows) {
  const units2 = { package: e.packages, file: e.files, function: e.functions }[level].slice(0, rows);
  if (units2.length === 0) return [];
  const where = level === "function" ? " | file:line" : "";
  const out = [
    `| ${level}${where} | self, base | self, head | change | p | total, base | total, head |`,
    `| --- |${level === "function" ? " --- |" : ""} ---: | ---: | ---: | ---: | ---: | ---: |`
  ];
  for (const u of units2) {
    const at = level === "function" ? [fileLineCell(u)] : [];
    const self = [formatUs(u.baseSelfUs), formatUs(u.headSelfUs), formatUsChange(u.deltaUs), pCell(u, e)];
    out.push(row([unitCell(u), ...at, ...self, formatUs(u.baseTotalUs), formatUs(u.headTotalUs)]));
  }
  return [...out, ""];
}
function howNote(e, options) {
  const artifacts = options.artifacts === void 0 ? "" : ` Flame graphs of both sides, and differential ones coloured by change, are in ${options.artifacts}.`;
  const level = formatShare(e.level);
  return `<sub>${htmlText(
    `Profiled with 0x after measuring: base and head side by side, loaded in turns (base, head, head, base, \u2026) in ${e.pairs} pairs of ${e.windowSec} s windows: ${formatCount(e.base.busy)} busy CPU samples and ${formatCount(e.base.requests)} requests on base, ${formatCount(e.head.busy)} and ${formatCount(e.head.requests)} on head. CPU time per request: each window's CPU time of the server's main thread, shared out by its samples, divided by the requests it served, averaged over the windows (self: in the function, file or package itself; total: with what it called). Something is named only when the gate found a change to explain and its change differs from 0 beyond its own spread between the pairs of windows (a paired t test, held at ${level} over the ${e.tested} tested together by Holm's method) by at least 1% of base's CPU time per request; a function stands for its file, or for its package if a dependency, when it carries half of the change there.${artifacts}`
  )}</sub>`;
}
function renderProfileEvidence(e, options = {}) {
  const depth = Math.max(0, Math.min(6, options.headingLevel ?? 3));
  const out = depth === 0 ? [] : [`${"#".repeat(depth)} Where the time went (CPU profile)`, ""];
  if (e.base.busy === 0 || e.head.busy === 0) {
    out.push(
      `The ${e.base.busy === 0 ? "base" : "head"} profile has no busy samples, so there is nothing to compare.`
    );
    return out.join("\n");
  }
  const rows = Math.max(1, Math.min(20, options.rows ?? 8));
  out.push(namedSentence(e), "", ...namedTable(e));
  out.push(
    `CPU time per request, base ${formatUs(e.base.busyUs)} and head ${formatUs(e.head.busyUs)} in all:`,
    ""
  );
  out.push(...figures(e, "package", rows), ...figures(e, "file", rows), ...figures(e, "function", rows));
  out.push(howNote(e, options));
  return out.join("\n");
}
function hotChange(h) {
  if (h.baseUsPerRequest !== void 0 && h.headUsPerRequest !== void 0)
    return `${formatUsChange(h.headUsPerRequest - h.baseUsPerRequest)} (${formatUs(h.baseUsPerRequest)} \u2192 ${formatUs(h.headUsPerRequest)})`;
  return `${formatBusyShare(h.baseSelf)} \u2192 ${formatBusyShare(h.headSelf)} of busy time`;
}
function hotWhere(h) {
  return h.unit === void 0 || h.unit === "function" ? `${h.file}:${h.line}` : h.file;
}
function callerSubject(caller2) {
  const at = `${code(caller2.fn)} in ${code(`${caller2.file}:${caller2.line}`)}`;
  return caller2.package === "" ? at : `the package ${code(caller2.package)} (${at})`;
}
function dependencyOf(file) {
  const found = [...file.matchAll(/(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/g)];
  return found.at(-1)?.[1];
}
function hotSubject(h) {
  if (h.unit === "package") return `the package ${code(h.fn)}`;
  if (h.unit === "file") return `the file ${code(h.file)}`;
  const dependency = dependencyOf(h.file);
  const of = dependency === void 0 ? "" : ` of the package ${code(dependency)}, in`;
  return `${code(h.fn)}${of || " in"} ${code(hotWhere(h))}`;
}
function hotName(h) {
  if (h.unit === "package") return `${code(h.fn)} (package)`;
  if (h.unit === "file") return code(h.file);
  return `${code(h.fn)} ${code(hotWhere(h))}`;
}
function hotterLine(hotter) {
  if (hotter.length === 0) return "";
  const per = hotter.some((h) => h.baseUsPerRequest !== void 0);
  const top = hotter.slice(0, 3).map((h) => `${hotName(h)} ${hotChange(h)}`).join(", ");
  return `**Hotter on head** (${per ? "CPU time per request" : "share of busy CPU time"}, beyond its spread): ${top}.`;
}
function renderHotterSection(hotter) {
  const out = ["### Where the time went (CPU profile)", ""];
  if (hotter.length === 0) {
    out.push("Nothing of the pull request is named hotter on head.");
    return out.join("\n");
  }
  const per = hotter.every((h) => h.baseUsPerRequest !== void 0 && h.headUsPerRequest !== void 0);
  const pct2 = (share3) => `${(share3 * 100).toFixed(1)}%`;
  out.push(
    per ? "| named | where | base \xB5s/request | head \xB5s/request |" : "| named | where | base % | head % |",
    "| --- | --- | ---: | ---: |"
  );
  for (const h of hotter) {
    const [b, hd] = per ? [formatUs(h.baseUsPerRequest), formatUs(h.headUsPerRequest)] : [pct2(h.baseSelf), pct2(h.headSelf)];
    out.push(`| ${codeCell(h.fn)} | ${codeCell(hotWhere(h))} | ${b} | ${hd} |`);
  }
  out.push(
    "",
    per ? "<sub>CPU time spent in it per request served, profiled with 0x after measuring.</sub>" : "<sub>Share of busy CPU samples spent in it, profiled with 0x after measuring.</sub>"
  );
  return out.join("\n");
}
function profileSection(profile) {
  if (profile.evidence) return renderProfileEvidence(profile.evidence, { artifacts: PROFILE_ARTIFACTS });
  return renderHotterSection(profile.hotter);
}

// src/report/allocation-text.ts
var WORDS = {
  allocated: {
    more: "Allocates more on head",
    less: "Allocates less on head",
    verb: "allocates",
    done: "allocated",
    bytes: "Bytes allocated per request",
    column: "bytes/request",
    perRequest: "per request",
    title: "### Where the memory went (allocation profile)",
    file: "allocation.heapprofile"
  },
  kept: {
    more: "Keeps more on head",
    less: "Keeps less on head",
    verb: "keeps",
    done: "kept",
    bytes: "Bytes per request allocated in a window and still alive after a full collection at its end",
    column: "bytes kept/request",
    perRequest: "kept per request",
    title: "### What the heap kept (kept profile)",
    file: "kept.heapprofile"
  }
};
function bytesChange(bytes) {
  return `${bytes > 0 ? "+" : bytes < 0 ? "\u2212" : "\xB1"}${formatBytes(Math.abs(bytes))}`;
}
function changeText2(u) {
  return `${bytesChange(u.deltaBytes)} (${formatBytes(u.baseBytes)} \u2192 ${formatBytes(u.headBytes)})`;
}
function allocationSentence(e, measure2 = "allocated") {
  const w = WORDS[measure2];
  return evidenceSentence(e, {
    tooFew: "Too few windows of load to test a change",
    nothingOf: "change of memory",
    changed: `the bytes it ${w.verb} per request`,
    more: w.more,
    less: w.less,
    lessAfterMore: "Less",
    figure: w.bytes,
    delta: (u) => u.deltaBytes,
    change: changeText2
  });
}
function functionsTable(e, measure2) {
  if (e.functions.length === 0) return [];
  const column = WORDS[measure2].column;
  const out = [
    `| function | file:line | base ${column} | head ${column} | change | p |`,
    "| --- | --- | ---: | ---: | ---: | ---: |"
  ];
  for (const u of e.functions) {
    out.push(
      `| ${codeCell(u.name)} | ${fileLineCell(u)} | ${formatBytes(u.baseBytes)} | ${formatBytes(u.headBytes)} | ${bytesChange(u.deltaBytes)} | ${pCell(u, e)} |`
    );
  }
  return [...out, ""];
}
function howNote2(e, measure2) {
  const level = formatShare(e.level);
  const how = measure2 === "kept" ? `in ${e.pairs} pairs of its ${e.windowSec} s windows, each ended by a full collection: ${formatCount(e.base.samples)} samples of objects still alive and ${formatCount(e.base.requests)} requests on base, ${formatCount(e.head.samples)} and ${formatCount(e.head.requests)} on head. Bytes a function allocated itself (not in what it called) in a window and still alive at the window's end, per request, averaged over the windows: what a leak keeps, where it was allocated, not who holds it; what a request keeps only until a later one lets it go counts too, on both sides alike` : `in the same ${e.pairs} pairs of ${e.windowSec} s windows, objects already collected included: ${formatCount(e.base.samples)} samples and ${formatCount(e.base.requests)} requests on base, ${formatCount(e.head.samples)} and ${formatCount(e.head.requests)} on head. Bytes a function allocated itself (not in what it called) per request, averaged over the windows`;
  return `<sub>${htmlText(
    `V8's sampling heap profiler in each server while it was profiled with 0x, ${how}; memory outside V8's heap (Buffers' contents, native addons) is not seen. Named as the CPU profile names: beyond its spread between the pairs (held at ${level} over the ${e.tested} tested, Holm), by at least 1% of base's bytes per request. Both sides' ${WORDS[measure2].file} (Chrome DevTools, Memory tab, Load) are in ${PROFILE_ARTIFACTS}.`
  )}</sub>`;
}
function allocationSection(a, measure2 = "allocated") {
  const e = a.evidence;
  return [
    WORDS[measure2].title,
    "",
    allocationSentence(e, measure2),
    "",
    `Bytes ${WORDS[measure2].done} per request while profiled, base ${formatBytes(e.base.bytes)} and head ${formatBytes(e.head.bytes)} in all:`,
    "",
    ...functionsTable(e, measure2),
    howNote2(e, measure2)
  ].join("\n");
}
function allocationSubject(site, measure2 = "allocated") {
  const change = `${formatBytes(site.baseBytes)} \u2192 ${formatBytes(site.headBytes)} ${WORDS[measure2].perRequest}`;
  const subject = `${hotSubject(site)}${site.version === void 0 ? "" : `, version ${code(site.version)}`}`;
  if (site.caller) return `${callerSubject(site.caller)}, through ${subject} (${change})`;
  return `${subject} (${change})`;
}

// src/report/comment-runs-text.ts
function verdictCell(run) {
  if (run.verdict === "error") return "\u274C error";
  const text2 = `${VERDICT_ICON[run.verdict]} ${VERDICT_TEXT[run.verdict]}`;
  return run.accepted ? `${text2} (accepted)` : text2;
}
function historySection(earlier) {
  if (earlier.length === 0) return [];
  return [
    `<details><summary>Earlier runs on this pull request (${earlier.length})</summary>`,
    "",
    "| commit | verdict | change |",
    "| --- | --- | ---: |",
    ...earlier.map((run) => `| ${code(run.commit)} | ${verdictCell(run)} | ${run.change || "\u2014"} |`),
    "",
    "</details>",
    ""
  ];
}
function acceptedLine(accepted2) {
  const who = accepted2.by === void 0 ? "Accepted" : `Accepted by ${code(accepted2.by)}`;
  const how = accepted2.how === "label" ? `with the label ${code(accepted2.label)}` : `in the pull request's description (${code(accepted2.label)})`;
  const reason = accepted2.reason === "" ? "" : `: \u201C${escapeMarkdown(accepted2.reason)}\u201D`;
  const commit2 = `for commit ${code(accepted2.commit.slice(0, 7))}`;
  return `> [!NOTE]
> ${who} ${how} ${commit2}${reason}. The slowdown is intended, so the check passes.`;
}

// src/report/history-text.ts
var DRIFT_SCENARIOS = 4;
function shortSha(sha) {
  return /^[0-9a-f]{7,64}$/.test(sha) ? sha.slice(0, 7) : escapeMarkdown(sha.slice(0, 12));
}
function speedWords(change, verdict, threshold) {
  if (verdict === "no-change") return `within \xB1${formatShare(threshold)}`;
  const size = formatPercent(Math.abs(change)).replace(/^[+±]/, "");
  const words = `${size} ${change < 0 ? "slower" : "faster"}`;
  return verdict === "inconclusive" ? `${words} (unresolved)` : words;
}
function driftLine(drift) {
  const shown2 = drift.scenarios.slice(0, DRIFT_SCENARIOS);
  const parts = shown2.map(
    (s) => `${speedWords(s.change, s.verdict, s.threshold)}${s.verdict === "no-change" ? " of" : " than"} ${code(drift.release)} on ${escapeMarkdown(s.scenario)}`
  );
  const more = drift.scenarios.length - shown2.length;
  const slower = drift.scenarios.some((s) => s.verdict === "regression");
  const list3 = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
  return `\u{1F4C8} Before this pull request, ${code(drift.ref)} is ${slower ? "already " : ""}${list3}${more > 0 ? ` (and ${more} more scenarios)` : ""}, as its history measured it at ${shortSha(drift.commit)} on ${escapeMarkdown(drift.date.slice(0, 10))}.`;
}
function releaseGateLog(release2, previous) {
  return `the history has not compared release ${release2} with ${previous} yet: measuring it first`;
}
function headIsReleaseText(ref, release2) {
  return `${ref} is at ${release2} itself: nothing to compare it with until the next commit.`;
}
function noReleaseText(ref, pattern2) {
  return `${ref} has no release yet (no tag that matches ${pattern2} is reachable from it), so there is nothing to measure it against: this run only notes it and passes. The history starts with the first release tag (e.g. git tag v1.0.0 && git push origin v1.0.0), or set base to measure against a commit of your choice.`;
}

// src/report/memory-text.ts
function formatRequests(n) {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : formatCount(Math.round(n));
}
function per100k(bytesPerRequest) {
  const sign = bytesPerRequest > 0 ? "+" : "";
  return `${sign}${formatBytes(bytesPerRequest * 1e5)}`;
}
function kept(bytesPerRequest, l) {
  return bytesPerRequest < l.threshold ? "none" : formatBytes(bytesPerRequest * l.requests);
}
function leakSentence(l) {
  const worse = l.change > 0 ? "head" : "base";
  const other = worse === "head" ? "base" : "head";
  const [worseSlope, otherSlope] = worse === "head" ? [l.head, l.base] : [l.base, l.head];
  return `${worse} kept ${formatBytes(worseSlope * l.requests)} more after ${formatRequests(l.requests)} requests; ${other} kept ${kept(otherSlope, l)}`;
}
function leakVerdictText(l) {
  if (l.verdict === "no-change")
    return `${VERDICT_ICON[l.verdict]} within \xB1${formatBytes(l.threshold * 1e5)} per 100,000`;
  if (l.verdict === "inconclusive") return `${VERDICT_ICON[l.verdict]} not sure`;
  return `${VERDICT_ICON[l.verdict]} ${l.verdict === "regression" ? "leak" : "leak fixed"}`;
}
function leakInterval(ci) {
  if (!Number.isFinite(ci[0]) || !Number.isFinite(ci[1])) return "n/a (too few blocks)";
  return `${per100k(ci[0])} \u2026 ${per100k(ci[1])}`;
}
function leakRow(l) {
  const interval = leakInterval(l.verdict === "no-change" ? l.equivalence.ci : l.ci);
  return `| whole server | heap kept per 100,000 requests | ${per100k(l.base)} | ${per100k(l.head)} | ${per100k(l.change)} (${interval}) | ${leakVerdictText(l)} |`;
}
function leakRuleSentence(l) {
  const per = "per 100,000 requests";
  const half = `half of ${formatBytes(l.threshold * 1e5)} ${per}`;
  if (l.verdict === "regression" || l.verdict === "improvement") {
    const who = l.verdict === "regression" ? "head" : "base";
    const what2 = l.verdict === "regression" ? "a regression (a leak)" : "an improvement (a leak fixed)";
    return `The heap ${who} kept grew by ${formatBytes(Math.abs(l.change) * 1e5)} ${per} more than the other side's (interval ${leakInterval(l.ci)}): wholly beyond ${half}, the estimate beyond the threshold, so this is ${what2}.`;
  }
  if (l.verdict === "inconclusive")
    return `The leak test's interval (${leakInterval(l.ci)}) reaches past \xB1${formatBytes(l.threshold * 1e5)} ${per} without settling: more pairs (a longer \`time-budget\`) would narrow it.`;
  return "";
}
function leaked(decision) {
  return decision.leaks?.find((l) => l.verdict === "regression");
}
function moreAllocation(decision, scenario) {
  return decision.comparisons.find(
    (c) => c.scenario === scenario && c.metric === "alloc" && c.verdict === "regression"
  );
}
function mostAllocation(decision) {
  return decision.comparisons.filter((c) => c.metric === "alloc" && c.verdict === "regression").sort((a, b) => b.change - a.change)[0];
}
function allocationClause(a) {
  return `it allocates ${formatSize(a.change)} more per request (${formatValue("alloc", a.base)} \u2192 ${formatValue("alloc", a.head)})`;
}
function memoryNext(decision, site, keptSite) {
  const alloc = mostAllocation(decision);
  const leak = leaked(decision);
  const parts = [];
  const where = site === void 0 ? "" : `: head allocates more in ${allocationSubject(site)}`;
  if (alloc)
    parts.push(
      `Look at what ${escapeMarkdown(alloc.scenario)} allocates per request (${formatValue("alloc", alloc.base)} \u2192 ${formatValue("alloc", alloc.head)}; threshold \xB1${formatShare(alloc.threshold)})${where}.`
    );
  const kept2 = keptSite === void 0 ? alloc ? "" : where : `: head keeps more in ${allocationSubject(keptSite, "kept")}`;
  if (leak)
    parts.push(
      `Look for what head keeps from each request: a list or cache that only grows, a listener added per request${kept2}.`
    );
  return parts.join(" ");
}

// src/report/tables.ts
function verdictText(c) {
  if (c.verdict === "no-change") return `${VERDICT_ICON[c.verdict]} within \xB1${formatShare(c.threshold)}`;
  if (c.verdict === "inconclusive") return `${VERDICT_ICON[c.verdict]} not sure`;
  return `${VERDICT_ICON[c.verdict]} ${VERDICT_TEXT[c.verdict]}`;
}
var MEANINGLESS_SPAN = 10;
function tooWide(ci) {
  return !(1 + ci[0] > 0) || (1 + ci[1]) / (1 + ci[0]) > MEANINGLESS_SPAN;
}
function times(x) {
  return `${x >= 10 ? formatCount(Math.floor(x)) : Number(x.toFixed(1))}\xD7`;
}
function intervalText(ci) {
  if (!Number.isFinite(ci[0]) || !Number.isFinite(ci[1])) return "n/a (too few pairs)";
  if (!tooWide(ci)) return `${formatPercent(ci[0])} \u2026 ${formatPercent(ci[1])}`;
  if (ci[1] < 0) return `at least ${times(1 / (1 + ci[1]))} lower`;
  if (ci[0] > 0) return `at least ${times(1 + ci[0])} higher`;
  return `too wide to mean anything: over ${MEANINGLESS_SPAN}\xD7 from end to end`;
}
function failuresVerdictText(e) {
  if (e.verdict === "no-change") return `within \xB1${formatShare(e.margin)} of base's rate`;
  if (e.verdict === "inconclusive") return "not sure";
  return VERDICT_TEXT[e.verdict];
}
function incidentsText(e) {
  if (e.units === void 0 || e.incidents === void 0) return "";
  return `head in ${e.incidents.head} of ${e.units} ${e.unit === "blocks" ? "blocks" : "pairs"}, base in ${e.incidents.base}`;
}
function failedCell(failed2, requests, classes) {
  const parts = [
    ...classes.timeouts > 0 ? [`${formatCount(classes.timeouts)} timeout${classes.timeouts === 1 ? "" : "s"}`] : [],
    ...classes.connectionErrors > 0 ? [
      `${formatCount(classes.connectionErrors)} connection error${classes.connectionErrors === 1 ? "" : "s"}`
    ] : [],
    ...Object.entries(classes.statuses).sort((a, b) => b[1] - a[1]).map(([code2, count4]) => `${formatCount(count4)} \xD7 ${escapeMarkdown(code2)}`)
  ];
  return `${formatCount(failed2)} of ${formatCount(requests)}${parts.length > 0 ? ` (${parts.join(", ")})` : ""}`;
}
function comparisonTable(decision, medians = []) {
  const lines = [
    `| scenario | metric | base | head | change (${formatShare(1 - decision.alpha)} interval) | verdict |`,
    "| --- | --- | ---: | ---: | ---: | --- |"
  ];
  for (const e of decision.errors) {
    if (e.headFailures === 0 && e.baseFailures === 0) continue;
    lines.push(
      `| ${escapeMarkdown(e.scenario)} | failed requests | ${failedCell(e.baseFailures, e.baseResponses, e.classes.base)} | ${failedCell(e.headFailures, e.headResponses, e.classes.head)} | ${incidentsText(e)} | ${VERDICT_ICON[e.verdict]} ${failuresVerdictText(e)} |`
    );
  }
  const rows = [
    ...decision.comparisons.map((c) => ({
      c,
      // "No change" shows the interval that decided it: the comparison's own equivalence interval.
      cells: `${formatPercent(c.change)} (${intervalText(c.verdict === "no-change" ? c.equivalence.ci : c.ci)}) | ${verdictText(c)}`
    })),
    ...decision.shown.map((c) => ({ c, cells: `${formatPercent(c.change)} (not tested) | shown only` }))
  ];
  const scenarios = [...new Set(rows.map(({ c }) => c.scenario))];
  const order = (r) => scenarios.indexOf(r.c.scenario) * METRICS.length + METRICS.indexOf(r.c.metric);
  for (const { c, cells: cells2 } of rows.sort((a, b) => order(a) - order(b))) {
    const m = medians.find((x) => x.scenario === c.scenario && x.metric === c.metric);
    const [base, head2] = m ? [m.base, m.head] : [c.base, c.head];
    lines.push(
      `| ${escapeMarkdown(c.scenario)} | ${metricLabel(c.metric)} | ${formatValue(c.metric, base)} | ${formatValue(c.metric, head2)} | ${cells2} |`
    );
  }
  lines.push(...(decision.leaks ?? []).map(leakRow));
  return lines;
}
function familySize(decision) {
  return decision.comparisons.length + decision.errors.length + (decision.leaks?.length ?? 0);
}
function pValuesLine(decision) {
  const groups = /* @__PURE__ */ new Map();
  const add2 = (scenario, what2, pAdjusted) => {
    const p = pText(pAdjusted, decision.alpha);
    const byScenario = groups.get(p) ?? /* @__PURE__ */ new Map();
    byScenario.set(scenario, [...byScenario.get(scenario) ?? [], what2]);
    groups.set(p, byScenario);
  };
  for (const c of decision.comparisons) add2(c.scenario, metricLabel(c.metric), c.pAdjusted);
  for (const e of decision.errors)
    if (e.baseFailures + e.headFailures > 0) add2(e.scenario, "failed requests", e.pAdjusted);
  if (groups.size === 0) return "";
  for (const l of decision.leaks ?? []) add2("whole server", "heap kept", l.pAdjusted);
  const n = familySize(decision);
  const each = [...groups].map(
    ([p, byScenario]) => `${p} for ${[...byScenario].map(([scenario, metrics]) => `${escapeMarkdown(scenario)} (${metrics.join(", ")})`).join(", ")}`
  );
  return groups.size === 1 ? `p-values, adjusted over the ${n === 1 ? "one comparison" : `${n} comparisons`} and every planned look: ${[...groups.keys()][0]} for every one.` : `p-values, adjusted over the ${n} comparisons and every planned look: ${each.join("; ")}.`;
}
function roundsTable(report) {
  const lines = [
    "| pair | order | scenario | base req/s | head req/s | head/base | base p99 | head p99 | failed (base/head) |",
    "| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
  ];
  const pairs = [...new Set(report.rounds.map((r) => r.pair))].sort((a, b) => a - b);
  for (const pair2 of pairs) {
    for (const { name, expectStatus } of report.settings.scenarios) {
      const base = report.rounds.find((r) => r.pair === pair2 && r.scenario === name && r.side === "base");
      const head2 = report.rounds.find((r) => r.pair === pair2 && r.scenario === name && r.side === "head");
      if (!base || !head2) continue;
      const order = base.position === 0 ? "base \u2192 head" : "head \u2192 base";
      const ratio = head2.measurement.rps / base.measurement.rps;
      lines.push(
        `| ${pair2 + 1} | ${order} | ${escapeMarkdown(name)} | ${formatValue("rps", base.measurement.rps)} | ${formatValue("rps", head2.measurement.rps)} | ${ratio.toFixed(3)} | ${formatValue("p99", base.measurement.latencyMs.p99)} | ${formatValue("p99", head2.measurement.latencyMs.p99)} | ${failures(base.measurement, expectStatus)} / ${failures(head2.measurement, expectStatus)} |`
      );
    }
  }
  return lines;
}

// src/report/headline.ts
function leading(candidates) {
  const rank = { rps: 0, cpu: 1, p99open: 2, p99: 3, alloc: 4, p50: 5, gc: 6 };
  return [...candidates].sort(
    (a, b) => rank[a.metric] - rank[b.metric] || Math.abs(b.change) - Math.abs(a.change)
  )[0];
}
function magnitude(c) {
  return Math.abs(Math.log1p(c.change));
}
function worstScenario(candidates) {
  const confirmed = candidates.filter((c) => c.confirmed);
  const pick = confirmed.length > 0 ? [...confirmed].sort((a, b) => magnitude(b) - magnitude(a))[0] : [...candidates].sort((a, b) => a.pAdjusted - b.pAdjusted || magnitude(b) - magnitude(a))[0];
  return pick?.scenario;
}
function leadingChange(candidates) {
  const scenario = worstScenario(candidates);
  return scenario === void 0 ? void 0 : leading(candidates.filter((c) => c.scenario === scenario));
}
function furthestOpen(comparisons) {
  const lean = (c) => Math.abs(Math.log1p(c.change) / Math.log1p(c.threshold)) || 0;
  return comparisons.filter((c) => c.verdict === "inconclusive").reduce(
    (far, c) => far === void 0 || lean(c) > lean(far) ? c : far,
    void 0
  );
}

// src/report/outputs.ts
function headlineComparison(decision) {
  if (!decision) return void 0;
  const cs = decision.comparisons;
  if (decision.verdict === "regression") {
    if (decision.errors.some((e) => e.verdict === "regression")) return void 0;
    return leadingChange(cs.filter((c) => c.verdict === "regression"));
  }
  if (decision.verdict === "improvement") return leadingChange(cs.filter((c) => c.verdict === "improvement"));
  return cs.find((c) => c.metric === "rps") ?? cs[0];
}
function isAccepted(report, accepted2) {
  return accepted2 !== void 0 && report.verdict === "regression" && report.error === void 0;
}

// src/report/lead.ts
function failed(report) {
  return report.error !== void 0 && !report.error.neutral;
}
function titleLine(report, options) {
  const gate = options.name ? `perf-gate (${escapeMarkdown(options.name)})` : "perf-gate";
  if (failed(report)) return `### \u274C ${gate}: error`;
  if (isAccepted(report, options.accepted)) return `### \u{1F7E0} ${gate}: regression, accepted`;
  const open3 = (report.decision?.comparisons ?? []).filter((c) => c.verdict === "inconclusive").length;
  const title = open3 > 0 && (report.verdict === "improvement" || report.verdict === "no-change") ? `### ${VERDICT_ICON.inconclusive} ${gate}: ${report.verdict === "improvement" ? "an improvement, " : ""}${open3} comparison${open3 === 1 ? "" : "s"} still open` : `### ${VERDICT_ICON[report.verdict]} ${gate}: ${VERDICT_TEXT[report.verdict]}`;
  return report.verdict === "inconclusive" ? `${title}, ${inconclusiveOutcome(report)}` : title;
}
function inconclusiveOutcome(report) {
  const passes = "the check passes as neutral";
  if (report.error?.neutral) return `${passes}: the base could not be measured, so nothing was compared`;
  if (!report.decision) return `${passes}: too little was measured to compare`;
  return `${passes}: no slowdown was shown, and none was ruled out`;
}
function safeUrl(url) {
  return url && /^https:\/\/[^\s()<>]+$/.test(url) ? url : void 0;
}
function headName(report) {
  const number = report.pullRequest?.number;
  return number === void 0 ? code(report.head.label) : `#${number} (${code(report.head.label)})`;
}
function effect(c, base) {
  const scenario = escapeMarkdown(c.scenario);
  const up = c.change > 0;
  if (c.metric === "rps")
    return `makes ${scenario} ${formatSize(c.change)} ${up ? "faster" : "slower"} than ${base}`;
  if (c.metric === "cpu")
    return `makes each request of ${scenario} cost ${formatSize(c.change)} ${up ? "more" : "less"} server CPU than on ${base}`;
  if (c.metric === "alloc")
    return `makes ${scenario} allocate ${formatSize(c.change)} ${up ? "more" : "less"} per request than ${base}`;
  return `${up ? "raises" : "lowers"} the ${metricLabel(c.metric)} of ${scenario} by ${formatSize(c.change)} against ${base}`;
}
function values(c, medians) {
  const m = medians?.find((x) => x.scenario === c.scenario && x.metric === c.metric);
  const [base, head2] = m && Number.isFinite(m.head) ? [m.base, m.head] : [c.base, c.head];
  const unit2 = c.metric === "rps" ? " req/s" : "";
  return `${formatValue(c.metric, head2)}${unit2} against ${formatValue(c.metric, base)}`;
}
function howSure(c, alpha) {
  const [low, high] = c.ci;
  if (c.verdict === "no-change") return "sure";
  if (c.verdict === "inconclusive" || !Number.isFinite(low) || !Number.isFinite(high)) return "not sure";
  const beyond = c.change < 0 ? high <= -c.threshold : low >= c.threshold;
  if (!beyond) return "likely";
  return c.pAdjusted <= alpha / 10 ? "very sure" : "sure, though only just";
}
function failureSentence(report, e) {
  const codes = Object.entries(e.headStatus).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([status]) => status);
  const answers = codes.length > 0 ? `answers ${codes.join("/")}; ` : "";
  return `**${headName(report)} breaks ${escapeMarkdown(e.scenario)}**: ${formatCount(e.headFailures)} of ${formatCount(e.headResponses)} requests failed (${answers}base: ${formatCount(e.baseFailures)}); sure.`;
}
function decisionSentence(report, decision, options) {
  const base = code(report.base.label);
  const who = headName(report);
  const failing = decision.errors.find((e) => e.verdict === "regression");
  if (decision.verdict === "regression" && failing) return failureSentence(report, failing);
  const c = headlineComparison(decision);
  const leak = leaked(decision);
  if (decision.verdict === "regression" && leak && c?.verdict !== "regression")
    return `**${who} leaks memory**: ${leakSentence(leak)}; sure.`;
  if (!c) return `**${who} was not compared with ${base}**: no scenario could be.`;
  if (decision.verdict === "regression" || decision.verdict === "improvement") {
    const more = new Set(
      decision.comparisons.filter((x) => x.verdict === decision.verdict).map((x) => x.scenario)
    ).size;
    const also = more > 1 ? `; ${more - 1} more scenario${more === 2 ? "" : "s"} ${decision.verdict === "regression" ? "got worse" : "got better"} too (below)` : "";
    const alloc = c.metric === "alloc" ? void 0 : moreAllocation(decision, c.scenario);
    const why = alloc && decision.verdict === "regression" ? `; ${allocationClause(alloc)}` : "";
    const leaks = leak ? `; and it leaks memory: ${leakSentence(leak)}` : "";
    return `**${who} ${effect(c, base)}**: ${values(c, options.medians)}${why}; ${howSure(c, decision.alpha)}${also}${leaks}.`;
  }
  const scenarios = new Set(decision.comparisons.map((x) => x.scenario)).size;
  if (decision.verdict === "no-change") {
    if (scenarios > 1)
      return `**${who} leaves ${scenarios === 2 ? "both" : `all ${scenarios}`} scenarios within their thresholds of ${base}**; sure.`;
    return `**${who} leaves ${escapeMarkdown(c.scenario)} within \xB1${formatShare(c.threshold)} of ${base}**: ${values(c, options.medians)}; sure.`;
  }
  const open3 = furthestOpen(decision.comparisons) ?? c;
  return `**perf-gate cannot tell yet whether ${who} changes the ${metricLabel(open3.metric)} of ${escapeMarkdown(open3.scenario)} by more than \xB1${formatShare(open3.threshold)} against ${base}**: ${values(open3, options.medians)}; not sure.`;
}
function leadSentence(report, options) {
  const base = code(report.base.label);
  if (report.error?.neutral)
    return `**perf-gate could not measure the base, ${base}**: the check stays neutral.`;
  if (report.error)
    return `**perf-gate could not measure ${headName(report)} against ${base}**: the error below.`;
  if (!report.decision)
    return `**perf-gate measured too little to compare ${headName(report)} with ${base}**.`;
  return decisionSentence(report, report.decision, options);
}
function hotterPhrase(hot) {
  const change = hot.baseUsPerRequest !== void 0 && hot.headUsPerRequest !== void 0 ? `${formatUs(hot.baseUsPerRequest)} \u2192 ${formatUs(hot.headUsPerRequest)} per request` : `${formatBusyShare(hot.baseSelf)} \u2192 ${formatBusyShare(hot.headSelf)} of busy time`;
  if (hot.caller)
    return `${callerSubject(hot.caller)}, whose call into ${hotSubject(hot)} got hotter (${change}`;
  return `${hotSubject(hot)}, which got hotter (${change}`;
}
function rerun(options, capital = false) {
  const text2 = `${capital ? "R" : "r"}e-run the job`;
  const url = safeUrl(options.runUrl);
  return url ? `[${text2}](${url})` : text2;
}
function regressionNext(report, options) {
  const parts = [];
  const hot = report.profile?.hotter[0];
  const flames = safeUrl(options.detailsUrl);
  const { allocation: allocation2, kept: kept2 } = report.profile ?? {};
  const memory = report.decision ? memoryNext(report.decision, allocation2?.more[0], kept2?.more[0]) : "";
  if (memory !== "") parts.push(memory);
  if (hot) parts.push(`Look at ${hotterPhrase(hot)}${flames ? `; [flame graphs](${flames})` : ""}).`);
  else if (flames) parts.push(`Look at the [flame graphs](${flames}).`);
  if (options.acceptLabel) {
    const line = options.acceptInDescription ? ` (or a line ${code(`${options.acceptLabel} <why>`)} to the description)` : "";
    parts.push(`Intended? Add the label ${code(options.acceptLabel)}${line} and re-run the job.`);
  }
  parts.push(
    `${parts.length > 0 ? "Otherwise fix" : "Fix"} it and push, or ${rerun(options)} to measure again.`
  );
  return parts.join(" ");
}
function nextLine(report, options) {
  let next;
  if (failed(report)) next = `Fix what the error says (the last output is below), then ${rerun(options)}.`;
  else if (report.error)
    next = "Nothing in this pull request: the base branch does not build or start; fix it there.";
  else if (isAccepted(report, options.accepted)) {
    const undo = options.accepted.how === "label" ? `remove the label ${code(options.accepted.label)}` : "remove the line from the description";
    next = `Nothing. To stop accepting it, ${undo} and ${rerun(options)}.`;
  } else if (report.verdict === "regression") next = regressionNext(report, options);
  else if (report.verdict === "inconclusive")
    next = `Give the gate more time (\`time-budget\`; the notes say how much when the runner was too noisy) or more runners (\`replica: i/n\`, docs/replicas.md); ${rerun(options)} only after a noisy hour.`;
  else next = "Nothing to do.";
  return `**Next:** ${next}`;
}

// src/report/pair-chart.ts
var PALETTE = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];
var BAND = "#9e9e9e";
var COLOUR_NAMES = ["red", "blue", "green", "purple", "orange", "brown"];
var MAX_SERIES = PALETTE.length;
function ratios(rounds, scenario, metric, pairs) {
  return pairs.map((pair2) => {
    const side2 = (s) => {
      const round = rounds.find((r) => r.pair === pair2 && r.scenario === scenario && r.side === s);
      return round === void 0 ? Number.NaN : metricValue(round.measurement, metric);
    };
    return side2("head") / side2("base");
  });
}
function value(x) {
  return Number.isFinite(x) ? x.toFixed(4).replace(/\.?0+$/, "") : "1";
}
function quoted(text2) {
  return `"${text2.replace(/["\r\n]/g, " ")}"`;
}
function xyChart(c) {
  return [
    "```mermaid",
    `%%{init: {"xyChart": {"width": 720, "height": 320}, "themeVariables": {"xyChart": {"plotColorPalette": "${c.palette.join(", ")}"}}}}%%`,
    "xychart-beta",
    `  title ${quoted(c.title)}`,
    `  x-axis "pair" [${c.pairs.map((p) => p + 1).join(", ")}]`,
    `  y-axis ${quoted(c.axis)} ${value(c.range[0])} --> ${value(c.range[1])}`,
    ...c.lines.map((line) => `  line [${line.join(", ")}]`),
    "```"
  ];
}
function legend(lines, threshold, names) {
  if (lines.length < 2) return [];
  const sorted = [...lines].sort((a, b) => a.level - b.level);
  const text2 = sorted.map((l) => `${names(l.name)} near ${l.level.toFixed(2)} (${l.colour})`).join(", ");
  return ["", `Lines from the bottom up: ${text2}; the two grey lines are \xB1${formatShare(threshold)}.`];
}
function median3(xs) {
  const finite = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (finite.length === 0) return 1;
  const mid = Math.floor(finite.length / 2);
  return finite.length % 2 === 1 ? finite[mid] : (finite[mid - 1] + finite[mid]) / 2;
}
function metricChart(decision, rounds, metric, names) {
  const compared = decision.comparisons.filter((c) => c.metric === metric).slice(0, MAX_SERIES);
  if (compared.length === 0) return void 0;
  const pairs = [...new Set(rounds.map((r) => r.pair))].sort((a, b) => a - b);
  if (pairs.length === 0) return void 0;
  const threshold = compared[0].threshold;
  const series2 = compared.map((c) => ratios(rounds, c.scenario, metric, pairs));
  const band = [1 - threshold, 1 + threshold];
  const finite = [...series2.flat(), ...band].filter(Number.isFinite);
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  const pad = Math.max(0.01, (high - low) * 0.08);
  const lines = compared.map((c, i) => ({
    name: c.scenario,
    colour: COLOUR_NAMES[i],
    level: median3(series2[i])
  }));
  const chart = xyChart({
    title: `${metricLabel(metric)}: head \xF7 base per pair (grey: \xB1${formatShare(threshold)})`,
    pairs,
    axis: "head \xF7 base",
    range: [Math.max(0, low - pad), high + pad],
    lines: [...series2.map((s) => s.map(value)), ...band.map((b) => pairs.map(() => value(b)))],
    palette: [...PALETTE.slice(0, series2.length), BAND, BAND]
  });
  return [...legend(lines, threshold, names), "", ...chart];
}
function pairCharts(decision, rounds, names) {
  const metrics = [...new Set(decision.comparisons.map((c) => c.metric))];
  const charts2 = metrics.flatMap((metric) => metricChart(decision, rounds, metric, names) ?? []);
  if (charts2.length === 0) return [];
  const scenarios = new Set(decision.comparisons.map((c) => c.scenario)).size;
  const more = scenarios > MAX_SERIES ? ["", `${scenarios - MAX_SERIES} more scenarios are not drawn.`] : [];
  return [...more, ...charts2];
}

// src/report/memory-chart.ts
var SIDES = [
  { side: "head", colour: PALETTE[0], name: COLOUR_NAMES[0] },
  { side: "base", colour: PALETTE[1], name: COLOUR_NAMES[1] }
];
var MB2 = 1024 * 1024;
function series(rounds, side2, pairs, read) {
  const raw = pairs.map((pair2) => {
    const readings = rounds.filter((r) => r.pair === pair2 && r.side === side2).map((r) => r.measurement).filter((m) => m.memory !== void 0).sort((a, b) => b.memory.served - a.memory.served).map(read).filter((x) => x !== void 0 && Number.isFinite(x));
    return readings[0] ?? Number.NaN;
  });
  let last = raw.find(Number.isFinite) ?? Number.NaN;
  return raw.map((x) => {
    if (Number.isFinite(x)) last = x;
    return last;
  });
}
function sidesChart(lines, pairs, title, words, level) {
  const all = [...lines.head, ...lines.base].filter(Number.isFinite);
  if (all.length === 0) return [];
  const high = Math.max(...all);
  const [unit2, per] = high >= MB2 ? ["MB", MB2] : ["KB", 1024];
  const low = Math.min(...all);
  const pad = Math.max((high - low) * 0.08, high * 0.01);
  const scaled = (xs) => xs.map((x) => value(Math.round(x / per * 100) / 100));
  const levels = SIDES.map((s) => `${s.side} (${s.name}) ${formatBytes(level(lines[s.side]))}`).join(", ");
  return [
    "",
    words(levels),
    "",
    ...xyChart({
      title: `${title} (${unit2})`,
      pairs,
      axis: unit2,
      range: [
        Math.floor(Math.max(0, low - pad) / per * 10) / 10,
        Math.ceil((high + pad) / per * 10) / 10
      ],
      lines: SIDES.map((s) => scaled(lines[s.side])),
      palette: SIDES.map((s) => s.colour)
    })
  ];
}
var lastOf = (xs) => xs.at(-1) ?? Number.NaN;
function heapChart(decision, rounds, pairs) {
  if (!leaked(decision)) return [];
  const read = (m) => m.memory.retainedBytes;
  const lines = { head: series(rounds, "head", pairs, read), base: series(rounds, "base", pairs, read) };
  return sidesChart(
    lines,
    pairs,
    "heap kept after each pair, each side",
    (levels) => `The heap each side kept after each pair's full collection, at the last pair: ${levels}. Servers started anew begin low again.`,
    lastOf
  );
}
function allocationChart(decision, rounds, pairs, names) {
  const worst = mostAllocation(decision);
  if (!worst) return [];
  const own = rounds.filter((r) => r.scenario === worst.scenario);
  const read = (m) => metricValue(m, "alloc");
  const lines = { head: series(own, "head", pairs, read), base: series(own, "base", pairs, read) };
  return sidesChart(
    lines,
    pairs,
    "allocation per request, each side per pair",
    (levels) => `Allocation per request in ${names(worst.scenario)}, each pair, near: ${levels}.`,
    median3
  );
}
function memoryCharts(decision, rounds, names) {
  const pairs = [...new Set(rounds.map((r) => r.pair))].sort((a, b) => a - b);
  if (pairs.length === 0) return [];
  return [...heapChart(decision, rounds, pairs), ...allocationChart(decision, rounds, pairs, names)];
}

// src/report/safety-text.ts
function processList(commands2) {
  const shown2 = commands2.slice(0, 3).map((c) => `\`${c.replaceAll("`", "'")}\``);
  const more = commands2.length > 3 ? ` and ${commands2.length - 3} more` : "";
  return `${shown2.join(", ")}${more}`;
}
function count3(n) {
  return `${n} process${n === 1 ? "" : "es"}`;
}
function leftoversStoppedNote(step3, side2, commands2) {
  return `${step3} of ${side2} left ${count3(commands2.length)} running when it exited (${processList(commands2)}): perf-gate stopped ${commands2.length === 1 ? "it" : "them"}, so that nothing it started runs beside the servers it measures.`;
}
function setupLeftLog(side2, commands2) {
  return `setup of ${side2} left ${count3(commands2.length)} running (${processList(commands2)}): kept until the end of the run`;
}
function backgroundStoppedNote(commands2) {
  return `\`setup\` left ${count3(commands2.length)} running (${processList(commands2)}); ${commands2.length === 1 ? "it ran" : "they ran"} beside the servers and perf-gate stopped ${commands2.length === 1 ? "it" : "them"} at the end of the run.`;
}

// src/report/note-text.ts
function noteText(note) {
  switch (note.kind) {
    case "time-limit":
      return timeLimitNote(note.pairs);
    case "settled":
      return settledNote(note.scenario, note.verdict, note.pairs);
    case "noise":
      return futilityNote(note.futility, note.pairSec, note.budgetSec);
    case "busy-machine":
      return busyMachineNote(note.kept, note.pairs, disturbanceReason(note.worst), note.measuredAgain);
    case "slow-startup":
      return startupNoteText(note.startupSec, note.pairSec, note.restartEvery);
    case "port-not-moved":
      return portNotMovedNote(note.port);
    case "plan":
      return planNote(note.check, note.restartEvery, note.scenarios, note.startSec) ?? "";
    case "loadgen-busy":
      return loadgenBusyNote(note.loadgenCpu);
    case "generator-paced":
      return generatorPacedNote(note.scenarios, note.all);
    case "teardown-failed":
      return teardownNote(note.message);
    case "config-changed":
      return `this pull request changes the config file ${code(note.file)}: each side started with its own commit's copy, and the thresholds are base's (or the workflow's), not the pull request's.`;
    case "head-start-on-base":
      return "neither the workflow nor base's copy of the config file sets `start`, so base's servers ran the `start` of this pull request's config file, which the pull request wrote. Set the `start` input, or add `start` to the config file on the base branch first, so that base starts as base says.";
    case "workflow-changed":
      return `this pull request changes ${code(note.file)}, the workflow file that runs this gate: under \`pull_request\` the pull request's copy ran, so its inputs (\`threshold\`, \`start\`, \`fail-on-regression\` \u2026) are the pull request's too. Review it; protecting \`.github/workflows\` (CODEOWNERS, a ruleset) makes base's policy hold (docs/security.md).`;
    case "leftovers-stopped":
      return leftoversStoppedNote(note.step, note.side, note.commands);
    case "background-stopped":
      return backgroundStoppedNote(note.commands);
    case "no-room-for-profiles":
      return NO_ROOM_FOR_PROFILES;
    case "no-flame-graphs":
      return noFlameGraphsNote(note.message);
    case "duplicate-shard":
      return `${note.source} is the same ${job(note.jobs)} as ${note.twin} (a duplicate): it was counted once.`;
    case "shard-counts-differ":
      return "the shards disagree on how many shards there are.";
    case "shard-settings-differ":
      return `the ${note.jobs ?? "shards"} were measured with different \`duration\`, \`warmup\`, \`slice\` or \`connections\`; the first ${job(note.jobs)}\u2019s are shown.`;
    case "shard-environments-differ":
      return `the ${note.jobs ?? "shards"} ran on different Node.js versions or CPU counts; the first ${job(note.jobs)}\u2019s are shown.`;
    case "diagnostics-per-shard":
      return `event-loop and memory figures are per ${job(note.jobs)}: they are in each ${job(note.jobs)}\u2019s report.json.`;
    case "replicas-missing":
      return `${note.found} of ${note.count} runners reported: a measuring job failed before uploading its report.json, or its artifact was not downloaded. The verdict covers the runners found.`;
    case "of-shard":
      return `${job(note.jobs)} ${note.source}: ${noteText(note.note)}`;
  }
}
function job(jobs2) {
  return jobs2 === "runners" ? "runner" : "shard";
}

// src/report/plan-text.ts
function ms2(sec) {
  return sec < 1 ? `${Math.round(sec * 1e3)} ms` : `${Number(sec.toFixed(2))} s`;
}
function processesText(plan) {
  const p = plan.processes;
  if (p.mode === "fresh") return "a fresh process per round, one side after the other";
  const blocks = p.restartEvery === 1 ? "new processes every pair" : `blocks of ${p.restartEvery} pairs per process pair`;
  return `base and head side by side, ${blocks}, primed ${ms2(p.primeSec)} per side`;
}
function scenarioText(s) {
  const warm = s.warmupSec > 0 ? ` after ${ms2(s.warmupSec)} of warm-up` : "";
  const open3 = s.openLoop ? `; open loop at ${s.openLoop.rate} req/s, ${s.openLoop.turns} turns of ${ms2(s.openLoop.turnSec)}` : "";
  return `${s.name}: ${s.turns} turns of ${ms2(s.turnSec)} per side and pair${warm}${open3}`;
}
function looksText(plan) {
  if (plan.fixedPairs !== void 0) return `${plan.fixedPairs} pairs, one look at the end`;
  const shown2 = plan.looks.length <= 6 ? plan.looks.join(", ") : `${plan.looks.slice(0, 3).join(", ")}, \u2026, ${plan.looks[plan.looks.length - 1]}`;
  return `looks at ${shown2} pairs within the budget of ${Math.round(plan.budgetSec)} s`;
}
function turnsText(plan) {
  const lengths = [...new Set(plan.scenarios.map((s) => s.turnSec))].sort((a, b) => a - b);
  const length = lengths.length === 1 ? ms2(lengths[0]) : `${ms2(lengths[0])}\u2013${ms2(lengths[lengths.length - 1])}`;
  if (plan.processes.mode === "fresh") return `each side's round in one turn of ${length}`;
  const engine = plan.engine === "kept" ? "on connections kept open from turn to turn" : "a fresh autocannon instance per turn";
  return `base and head taking turns ABBA of ${length} ${engine}`;
}
function planSentence(plan) {
  const perSide = plan.scenarios.reduce((sum3, s) => sum3 + s.turns * s.turnSec, 0);
  return `${Number(perSide.toFixed(2))} s of load per side in each pair, ${turnsText(plan)}, ${processesText(plan)}; the unit of each comparison: ${plan.unit === "blocks" ? "the block of pairs that shared their processes" : "the pair"}`;
}
function planLog(plan) {
  const lines = [
    `measurement plan: engine ${plan.engine}; ${processesText(plan)}; the unit of each comparison: ${plan.unit === "blocks" ? "the block" : "the pair"}`,
    ...plan.scenarios.map((s) => `  ${scenarioText(s)}`),
    `  ${looksText(plan)} (about ${plan.pairSec.toFixed(1)} s per pair)`
  ];
  if (plan.placement)
    lines.push(`  servers on CPU ${plan.placement.server}, load generator on CPU ${plan.placement.loadgen}`);
  return lines.join("\n");
}

// src/report/runners-text.ts
function runnersOf(report) {
  return (report.shards ?? []).filter((s) => s.replica !== void 0);
}
function runnerMinutes(runners) {
  return runners.reduce((sum3, r) => sum3 + (r.wallSec ?? 0), 0) / 60;
}
function runnerLabel(r) {
  if (!r) return "a runner";
  const name = escapeMarkdown(r.environment?.runner ?? r.source);
  const cpu = r.environment?.cpuModel;
  return cpu ? `${name} (${escapeMarkdown(cpu)})` : name;
}
function stages(runners) {
  const second = runners.filter((r) => r.replica?.stage === 2).length;
  const first = runners.filter((r) => r.replica?.stage === 1).length;
  return second > 0 && first > 0 ? ` (${first} in the first stage, ${second} in the second)` : "";
}
function spreadOf(report) {
  return (report.decision?.comparisons ?? []).flatMap((c) => c.runners ? [{ c, s: c.runners }] : []);
}
function runnersOfComparison(report, c) {
  return runnersOf(report).filter(
    (r) => r.keys.includes(c.scenario) && r.error === void 0 && (!c.runners?.confirmation || r.replica?.stage === 2)
  );
}
function differLine(c, s, runners) {
  const what2 = `${metricLabel(c.metric)} of ${escapeMarkdown(c.scenario)}`;
  return `\u26A0\uFE0F The runners disagree beyond their noise on ${what2} (F test of their changes, ${pText(s.pF, 0.01)}): ${runnerLabel(runners[s.apart])} saw ${formatPercent(s.changes[s.apart])} where the others saw ${formatPercent(s.othersChange)}. The change depends on the machine: the verdict is about the mean of these runners, and another set of machines may see more or less.`;
}
function runnersLines(report) {
  const runners = runnersOf(report);
  const spreads = spreadOf(report);
  if (runners.length < 2 || spreads.length === 0) return [];
  const minutes = runnerMinutes(runners);
  const fresh = runners.filter((r) => r.replica?.stage === 2).length;
  const confirming = spreads.some(({ s }) => s.confirmation);
  const regression = report.verdict === "regression" && !report.error;
  const confirmed = confirming ? ` The first stage's runner raised the alarm, so the ${fresh} runners of the second stage decided alone${regression ? ": they confirm the regression" : ""}.` : regression ? ` The regression is the mean change of these ${runners.length} runners.` : "";
  const lines = [
    `Decided over ${runners.length} runners${stages(runners)}, ${minutes.toFixed(1)} runner-minutes, each runner's units about its own mean.${confirmed}`
  ];
  for (const { c, s } of spreads)
    if (s.differ) lines.push("", differLine(c, s, runnersOfComparison(report, c)));
  return lines;
}
function reachLine(report) {
  const spreads = spreadOf(report);
  const lead = spreads.find(({ c: c2 }) => c2.metric === "rps") ?? spreads[0];
  if (!lead) return "";
  const { c, s } = lead;
  const within = Math.sqrt(s.within) * 100;
  const between = Math.sqrt(s.between) * 100;
  const reach = s.reach.filter((r) => Number.isFinite(r.detectable)).map((r) => `with ${r.runners} runners \u2248${(r.detectable * 100).toFixed(1)}%`);
  if (reach.length === 0) return "";
  return `What more runners would buy (${metricLabel(c.metric)} of ${escapeMarkdown(c.scenario)}, from this run's spread: \xB1${within.toFixed(2)}% within a runner's estimate, \xB1${between.toFixed(2)}% between runners' changes, which the mean of these runners leaves out): this gate would catch ${reach.join(", ")} (threshold ${formatShare(c.threshold)}), in 80% of runs. Each runner costs about ${(runnerMinutes(runnersOf(report)) / Math.max(1, runnersOf(report).length)).toFixed(1)} runner-minutes.`;
}
function runnersSection(report) {
  const lead = spreadOf(report).find(({ c: c2 }) => c2.metric === "rps") ?? spreadOf(report)[0];
  if (!lead) return [];
  const { c, s } = lead;
  const runners = runnersOfComparison(report, c);
  const rows = runners.map((r, i) => {
    const place2 = r.replica ? `${r.replica.stage ? `stage ${r.replica.stage}, ` : ""}${r.replica.index}/${r.replica.count}` : "";
    const change = s.changes[i] === void 0 ? "n/a" : formatPercent(s.changes[i]);
    const env = r.environment;
    const where = env ? `${env.cpus} CPUs${env.kernel ? `, Linux ${escapeMarkdown(env.kernel)}` : ""}` : "";
    return `| ${runnerLabel(r)} | ${place2} | ${where} | ${change} | ${r.pairs} | ${((r.wallSec ?? 0) / 60).toFixed(1)} |`;
  });
  const reach = reachLine(report);
  return [
    `| runner | replica | machine | ${metricLabel(c.metric)} of ${escapeMarkdown(c.scenario)} | pairs | minutes |`,
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
    ...reach === "" ? [] : ["", reach]
  ];
}
function oneRunnerLine(report) {
  const cs = report.decision?.comparisons ?? [];
  if (cs.some((c2) => c2.runners)) return "";
  const c = cs.find((x) => x.metric === "rps" && x.reach) ?? cs.find((x) => x.reach);
  if (!c?.reach) return "";
  const minutes = report.timing.wallSec / 60;
  const reach = c.reach.map((r) => `${r.runners} runners \u2248${(r.detectable * 100).toFixed(1)}%`).join(", ");
  return `More runners would see smaller changes: merged over ${reach} (\`replica: i/n\`, docs/replicas.md), for that many times this run's ${minutes.toFixed(1)} runner-minutes.`;
}

// src/report/verdict-text.ts
function what(c) {
  return `${metricLabel(c.metric)} of ${escapeMarkdown(c.scenario)}`;
}
function bound(share3) {
  return `${share3 < 0 ? "\u2212" : "+"}${formatShare(Math.abs(share3))}`;
}
function changed(c, floor, side2, verdict) {
  const b = c.bounds[side2];
  const clear = floor > 0 ? `${bound(b.floor)} (${floor === 0.5 ? "half" : `${floor} \xD7`} the threshold)` : "0";
  return `${what(c)} changed by ${formatPercent(c.change)}: its interval, ${intervalText(c.ci)}, lies wholly beyond ${clear} and the estimate beyond ${bound(b.threshold)}, so this is ${verdict}.`;
}
function failureSentence2(e, alpha) {
  const units2 = incidentsText(e);
  const counts = `${formatCount(e.headFailures)} of ${formatCount(e.headResponses)} requests on head against ${formatCount(e.baseFailures)} of ${formatCount(e.baseResponses)} on base${units2 === "" ? "" : ` (${units2})`}`;
  return e.verdict === "regression" ? `Head failed ${counts} on ${escapeMarkdown(e.scenario)}: more than chance allows between two sides that fail alike (${pText(e.pAdjusted, alpha)}), and that alone fails the gate.` : `Base failed more often than head on ${escapeMarkdown(e.scenario)} (${counts}, ${pText(e.pAdjusted, alpha)}): head fails less, an improvement.`;
}
function verdictSentence(decision) {
  const cs = decision.comparisons;
  const failing = decision.errors.find((e) => e.verdict === "regression");
  if (failing) return failureSentence2(failing, decision.alpha);
  const floor = decision.rule.floor;
  const regression = leadingChange(cs.filter((c) => c.verdict === "regression"));
  if (regression) return changed(regression, floor, "worse", "a regression");
  const leak = leaked(decision);
  if (leak) return leakRuleSentence(leak);
  const improvement = leadingChange(cs.filter((c) => c.verdict === "improvement"));
  if (improvement) return changed(improvement, floor, "better", "an improvement");
  const fewer = decision.errors.find((e) => e.verdict === "improvement");
  if (fewer) return failureSentence2(fewer, decision.alpha);
  const open3 = cs.find((c) => c.verdict === "inconclusive");
  const leakOpen = decision.leaks?.find((l) => l.verdict !== "no-change");
  if (open3 === void 0 && leakOpen) return leakRuleSentence(leakOpen);
  if (open3 === void 0) {
    const small = cs.filter((c) => c.significant);
    const note = small.length === 0 ? "" : ` (${small.map((c) => `${what(c)} ${formatPercent(c.change)}`).join(", ")}: significant, but below the threshold)`;
    return `Each comparison's own interval for "no change" (each end a one-sided ${formatShare(1 - decision.alpha / 2)} bound over the looks, as the table shows it) lies inside its threshold, so whatever changed is smaller than what matters here${note}; a regression would need the family's simultaneous interval beyond half the threshold.`;
  }
  if (open3.significant && Math.abs(open3.change) >= open3.threshold)
    return `${what(open3)} is estimated at ${formatPercent(open3.change)}, significant, but its interval (${intervalText(open3.ci)}) is not wholly beyond ${floor === 0.5 ? "half" : `${floor} \xD7`} the \xB1${formatShare(open3.threshold)} threshold: not enough to call it; more pairs (a longer \`time-budget\`) would tell.`;
  return `The interval of ${what(open3)} (${intervalText(open3.ci)}) reaches past the \xB1${formatShare(open3.threshold)} threshold without settling on either side: more pairs (a longer \`time-budget\`) would narrow it.`;
}
function largest(cs, metric, pick) {
  const values2 = cs.filter((c) => c.metric === metric).map(pick).filter(Number.isFinite);
  return values2.length === 0 ? Number.NaN : Math.max(...values2);
}
function share2(x, sign) {
  return x > 9 ? "over tenfold" : `${sign}${(x * 100).toFixed(1)}%`;
}
function noiseLine(decision) {
  const metrics = METRICS.filter(
    (m) => decision.comparisons.some((c) => c.metric === m && Number.isFinite(c.noise))
  );
  if (metrics.length === 0) return "";
  const noise = metrics.map(
    (m) => `${metricLabel(m)} ${share2(
      largest(decision.comparisons, m, (c) => c.noise),
      "\xB1"
    )}`
  );
  const could = metrics.map((m) => {
    const d = largest(decision.comparisons, m, (c) => c.detectable);
    const t = largest(decision.comparisons, m, (c) => c.threshold);
    return Number.isFinite(d) ? `${metricLabel(m)} ${share2(d, "\u2248")} (threshold ${formatShare(t)})` : `${metricLabel(m)}: nothing yet (too few pairs)`;
  });
  return `Noise per pair: ${noise.join(", ")}. This run would catch a change of ${could.join(", ")} in 80% of runs like it.`;
}
function unitsText2(cs) {
  const blocks = cs.find((c) => c.unit === "blocks");
  const unit2 = blocks ? `each block's mean log ratio (pairs that shared their processes, \`restart-every: ${blocks.processes?.restartEvery ?? "n"}\`, move alike, so a block is one unit)` : "each pair's log ratio of head to base (base and head of a pair share the machine's speed of their moment)";
  const methods = new Set(cs.map((c) => c.method));
  if (methods.has("combination"))
    return `The units are ${unit2}, each runner's about its own mean; the two stages are combined by the inverse normal method: each stage's own p-value (the first stage's runner, the second stage's runners' mean), weighed by the pairs each stage planned, fixed before the data, so the test holds whatever the first stage did or asked (docs/how-it-decides.md).`;
  if (methods.has("stratified"))
    return `The units are ${unit2}, each runner's about its own mean; the interval is Student's t of the mean change of these runners, on the pooled variance within runners (docs/how-it-decides.md), chosen before the data.`;
  const how = methods.size > 1 ? "the exact signed-rank (Walsh) interval and Hodges-Lehmann estimate where the units can reach the level, Student's t and the mean where too few can" : methods.has("t") ? "Student's t interval and the mean (too few units for the exact signed-rank interval to reach the level)" : "the exact signed-rank (Walsh) interval and the Hodges-Lehmann estimate";
  return `The units are ${unit2}; the interval is ${how}, chosen from the number of units and the level alone.`;
}
function mirror(cs) {
  const c = cs.find((x) => x.metric === "rps") ?? cs[0];
  return c ? ` (${metricLabel(c.metric)}: ${bound(c.bounds.worse.threshold)} and ${bound(c.bounds.better.threshold)})` : "";
}
function aloneText(decision) {
  const levels = [...decision.comparisons, ...decision.leaks ?? []].map((c) => c.level);
  const lead = decision.comparisons.find((c) => c.metric === "rps")?.level ?? levels[0];
  if (lead === void 0 || !Number.isFinite(lead)) return "";
  const smaller = levels.some((l) => l < lead * (1 - 1e-9)) ? "; the other comparisons' are wider still, as they take smaller shares of \u03B1 (docs/how-it-decides.md)" : "";
  return `each alone a ${formatShare(1 - lead)} interval${smaller}`;
}
function readingNote(decision, looks) {
  const cs = decision.comparisons;
  const family = familySize(decision);
  const alone = aloneText(decision);
  const floor = decision.rule.floor;
  const gc = decision.shown.some((s) => s.metric === "gc") ? " GC pause per request is shown too." : "";
  const shown2 = decision.shown.length > 0 ? ` Latency p50 is shown, not tested (in a closed loop it largely mirrors req/s).${gc}` : "";
  const leak = (decision.leaks?.length ?? 0) > 0 ? " The leak test compares, block by block, the slope of each side's heap after a full collection against the requests its server had served, in the same family." : "";
  return [
    `How to read the table: base and head are the medians of each side's rounds, as measured (each round is under "Every round"); the change is not their ratio but the paired estimate, which the noise of the machine from minute to minute moves far less.`,
    unitsText2(cs),
    `The intervals, and the exact tests of failed requests (head's share of all failures given each side's requests), are simultaneous over ${family === 1 ? "the one comparison" : `all ${family} comparisons`} and ${looks === 1 ? "the one planned look" : `all ${looks} planned looks`}: together they cover their true changes with probability ${formatShare(1 - decision.alpha)}${alone === "" ? "" : ` (${alone})`}.${shown2}`,
    `p is adjusted the same way: the smallest \u03B1 at which the interval would leave out 0, so p \u2264 ${decision.alpha} exactly when it does.`,
    `A regression needs the whole interval beyond ${floor === 0.5 ? "half the threshold" : floor > 0 ? `${floor} \xD7 the threshold` : "0"} on the worse side and the estimate beyond the threshold; an improvement the same on the better side, taken on the log scale so that the two mirror each other${mirror(cs)}; no change, the interval inside both; anything else is inconclusive. Failed requests are a regression when head fails more often than chance allows, an improvement when base does.${leak}`
  ].join(" ");
}

// src/report/render.ts
var STOP_TEXT = {
  resolved: "stopped early: every comparison was resolved",
  budget: "stopped at the time budget",
  fixed: "a fixed number of pairs",
  deadline: "stopped by the gate's time limit",
  "no-scenarios": "no scenario left to compare",
  noise: "stopped early: this hour's noise could not resolve the threshold within the budget"
};
function stopText(report, stoppedBy) {
  const open3 = (report.decision?.comparisons ?? []).filter((c) => c.verdict === "inconclusive").length;
  if (stoppedBy !== "resolved" || open3 === 0) return STOP_TEXT[stoppedBy];
  return `stopped early: a confirmed regression settles the verdict; ${open3} comparison${open3 === 1 ? " was" : "s were"} left undecided`;
}
function interleaving(s) {
  const warmup = `after ${s.warmupSec} s warm-up`;
  if (!s.sliceSec) return `base and head alternating ABBA, ${s.durationSec} s each ${warmup}`;
  return `${s.durationSec} s of load per side in each pair, ${warmup}, base and head taking turns ABBA of ${s.sliceSec} s`;
}
function lifecycle(restartEvery) {
  if (!restartEvery) return "a fresh server process per round";
  if (restartEvery === 1)
    return "new base and head server processes for every pair, started together, not primed";
  return `base and head servers side by side, restarted together and primed every ${restartEvery} pairs`;
}
function pairsMeasured2(report) {
  const s = report.settings;
  const q = report.sequential;
  const shards = report.shards ?? [];
  const pairs = shards.length > 1 ? `${shards.length} ${shards.every((x) => x.replica) ? "runners" : "shards"} of ${shards.map((x) => x.pairs).join(", ")}` : q?.pairs ?? new Set(report.rounds.map((r) => r.pair)).size;
  const adaptive = q === void 0 || shards.length > 1 ? "" : s.pairs === void 0 ? ` (adaptive, ${stopText(report, q.stoppedBy)}; looked after ${q.looked.join(", ")} pairs of ${q.schedule.length} planned looks${q.confirmationPairs > 0 ? `; ${q.confirmationPairs} pairs added to confirm a borderline regression` : ""}${q.disturbedPairs > 0 ? `; ${q.disturbedPairs} disturbed pairs measured again` : ""}${q.keptDisturbedPairs > 0 ? `; ${q.keptDisturbedPairs} disturbed pairs kept` : ""})` : ` (${stopText(report, q.stoppedBy)})`;
  return `${pairs} pairs of interleaved rounds${adaptive}`;
}
function howMeasured(report, comparisons) {
  const s = report.settings;
  const shards = report.shards ?? [];
  const across = shards.length > 1 ? ` (across all ${shards.every((x) => x.replica) ? "runners" : "shards"})` : "";
  const how = report.plan ? planSentence(report.plan) : `${interleaving(s)}, ${s.connections} connections, ${lifecycle(s.restartEvery)}`;
  return `${pairsMeasured2(report)}, ${how} \xB7 threshold \xB1${formatShare(s.threshold)} (req/s), \xB1${formatShare(s.latencyThreshold ?? s.threshold)} (latency) \xB7 intervals simultaneous and p-values adjusted over ${comparisons} comparisons${across} and every planned look (\u03B1 = ${s.alpha}) \xB7 measuring ${formatSeconds(report.timing.measureSec)}, ${formatSeconds(report.timing.wallSec)} in all`;
}
function head(report, view, options) {
  const lead = leadOptions(view, options);
  const out = [titleLine(report, lead), "", leadSentence(report, lead), "", nextLine(report, lead), ""];
  if (isAccepted(report, options.accepted)) out.push(acceptedLine(options.accepted), "");
  if (report.error) {
    const e = report.error;
    out.push(e.neutral ? "> [!WARNING]" : "> [!CAUTION]", `> ${escapeMarkdown(e.message)}`, "");
    if (e.output)
      out.push("<details><summary>Last output</summary>", "", codeBlock(e.output), "", "</details>", "");
  }
  const decision = report.decision;
  if (decision && report.error)
    out.push(`Of what was measured: ${decisionSentence(report, decision, lead)}`, "");
  if (decision) out.push(...comparisonTable(decision, view.medians), "");
  const runners = runnersLines(report);
  if (runners.length > 0) out.push(...runners, "");
  if (options.drift) out.push(driftLine(options.drift), "");
  if (report.newScenarios.length > 0) {
    out.push(
      `New on head (base answers them with errors, so they are not compared): ${report.newScenarios.map(escapeMarkdown).join(", ")}.`,
      ""
    );
  }
  return out;
}
function whySection(report) {
  const decision = report.decision;
  if (!decision) return [];
  const lines = [verdictSentence(decision)];
  const p = pValuesLine(decision);
  if (p !== "") lines.push("", p);
  const noise = noiseLine(decision);
  if (noise !== "") lines.push("", noise);
  const more = oneRunnerLine(report);
  if (more !== "") lines.push("", more);
  const hotter = report.profile ? hotterLine(report.profile.hotter) : "";
  if (hotter !== "") lines.push("", hotter);
  return section("Why: the rule, the p-values, what this run could detect", lines);
}
function leadOptions(view, options) {
  return { ...options, medians: view.medians };
}
function section(summary, body, open3 = false) {
  if (body.length === 0) return [];
  return [`<details${open3 ? " open" : ""}><summary>${summary}</summary>`, "", ...body, "", "</details>", ""];
}
function charts(report) {
  const decision = report.decision;
  if (!decision || report.rounds.length === 0) return [];
  const names = (s) => escapeMarkdown(s);
  const first = decision.comparisons[0]?.metric;
  const split = (keep) => ({
    ...decision,
    comparisons: decision.comparisons.filter((c) => keep(c.metric))
  });
  const lead = pairCharts(
    split((m) => m === first),
    report.rounds,
    names
  );
  const rest = pairCharts(
    split((m) => m !== first),
    report.rounds,
    names
  );
  return [
    ...section("Each pair: head \xF7 base", lead.slice(1), report.verdict !== "no-change"),
    ...section(
      "Memory: each side over the gate",
      memoryCharts(decision, report.rounds, names).slice(1),
      true
    ),
    ...section("Each pair: head \xF7 base of the other metrics", rest.slice(1))
  ];
}
function measuredSection(report, view) {
  const decision = report.decision;
  const out = [howMeasured(report, decision ? familySize(decision) : 0)];
  const open3 = openLoopText(view.openLoop);
  if (open3 !== "") out.push("", open3);
  const scenarios = scenariosLine(report);
  if (scenarios !== "") out.push("", scenarios);
  out.push(
    "",
    `base ${code(report.base.label)} (${report.base.sha.slice(0, 7)}) \xB7 head ${code(report.head.label)} (${report.head.sha.slice(0, 7)}) \xB7 Node ${report.environment.node} \xB7 ${report.environment.cpus} CPUs`
  );
  if (decision) out.push("", readingNote(decision, report.sequential?.schedule.length ?? 1));
  return out;
}
function notes(report) {
  const own = [processOffsetNote, carryOverNote, droppedNote].flatMap((note) => note(report.decision) ?? []);
  const all = [...own, ...report.notes.map(noteText)];
  return all.flatMap((note, i) => [...i > 0 ? [""] : [], `Note: ${inlineText(note)}`]);
}
function renderReport(report, view, options = {}) {
  const out = [
    ...head(report, view, options),
    ...whySection(report),
    ...section("Each runner, and what more runners would buy", runnersSection(report)),
    ...charts(report),
    ...historySection(options.earlier ?? [])
  ];
  const noteLines = notes(report);
  if (noteLines.length > 0)
    out.push(...section(`Notes (${noteLines.filter((l) => l !== "").length})`, noteLines));
  const diagnostics2 = report.diagnostics ? renderDiagnosticsSection(report.diagnostics, { inTurns: (report.settings.sliceSec ?? 0) > 0 }) : "";
  if (diagnostics2 !== "")
    out.push(...section("Inside each server: event loop, CPU, memory", diagnostics2.trim().split("\n")));
  if (report.profile && report.profile.cpu !== false)
    out.push(
      ...section("Where the CPU time went: the profile", profileSection(report.profile).trim().split("\n"))
    );
  if (report.profile?.allocation)
    out.push(
      ...section(
        "Where the memory went: the allocation profile",
        allocationSection(report.profile.allocation).trim().split("\n")
      )
    );
  if (report.profile?.kept)
    out.push(
      ...section(
        "What head keeps: the kept profile",
        allocationSection(report.profile.kept, "kept").trim().split("\n")
      )
    );
  out.push(...section("How it was measured", measuredSection(report, view)));
  if (report.rounds.length > 0) out.push(...section("Every round", roundsTable(report)));
  if (options.detailsUrl) out.push(`[Flame graphs and raw numbers (artifact)](${options.detailsUrl})`, "");
  return `${out.join("\n").trimEnd()}
`;
}

// src/publish/markdown.ts
function openLoopView(report) {
  const rates = [];
  let lag = 0;
  for (const { name } of report.settings.scenarios) {
    const paced = report.rounds.flatMap(
      (r) => r.scenario === name && r.measurement.paced ? [r.measurement.paced] : []
    );
    if (paced.length === 0) continue;
    rates.push({ scenario: name, rate: median2(paced.map((p) => p.rate)) });
    lag = Math.max(lag, ...paced.map((p) => p.sendLagP99Ms));
  }
  if (rates.length === 0) return void 0;
  return { sec: openLoopSec(report.settings.durationSec), rates, sendLagP99Ms: lag };
}
function measuredMedians(report) {
  return (report.decision?.comparisons ?? []).map(({ scenario, metric }) => {
    const of = (side2) => {
      const values2 = report.rounds.filter((r) => r.scenario === scenario && r.side === side2).map((r) => metricValue(r.measurement, metric)).filter(Number.isFinite);
      return values2.length === 0 ? Number.NaN : median2(values2);
    };
    return { scenario, metric, base: of("base"), head: of("head") };
  });
}
function reportView(report) {
  return { openLoop: openLoopView(report), medians: measuredMedians(report) };
}
function renderMarkdown(report, options = {}) {
  return renderReport(report, reportView(report), options);
}

// src/report/cli-text.ts
function helpText(flags) {
  return `Usage:
  perf-gate compare --start "<command>" [--base main] [--paths /a --paths /b] [--<input> <value>]...
  perf-gate compare --config perf-gate.yml [--shard 1/2] [--base main] [--<input> <value>]...
  perf-gate demo

${compareText(flags)}
${DEMO_TEXT}`;
}
function compareHelp(flags) {
  return `Usage:
  perf-gate compare --start "<command>" [--base main] [--paths /a --paths /b] [--<input> <value>]...
  perf-gate compare --config perf-gate.yml [--shard 1/2] [--base main] [--<input> <value>]...

${compareText(flags)}`;
}
var DEMO_TEXT = `demo makes a throwaway git repository whose head makes a small server clearly slower, runs compare on it and
prints the report. It takes no flags; exit status 0 when the gate catches the regression.
`;
function demoHelp() {
  return `Usage:
  perf-gate demo

${DEMO_TEXT}`;
}
function demoFlag(arg) {
  return `\`perf-gate demo\` takes no flags, not \`${arg}\`. Run \`perf-gate demo --help\`.`;
}
function compareText(flags) {
  return `compare measures the work tree (head: HEAD with your uncommitted changes and untracked files, as \`git add -A\`
would record them) against --base (default: main), each in a git worktree of its own, so your checkout, its
node_modules and its build are never touched. It takes the action's inputs as flags:
  ${flags.map((name) => `--${name}`).join(" ")}
--paths may be given once per path; each setting of the \`measure\` block is a flag of its own too (--rounds 20).
--config names a perf-gate.yml relative to --working-directory (default: the repository root), read from the work
tree. Exit status: 0 no regression, 1 regression, 2 error.
`;
}
function actionOnlyFlag(flag) {
  return `flag \`--${flag}\` is an input of the action that \`perf-gate compare\` does not use (it posts nothing to GitHub). Run \`perf-gate --help\` for the flags it takes.`;
}
function workTreeLog(head2, changed2, dir) {
  const what2 = changed2.length === 0 ? `HEAD (${head2.sha.slice(0, 7)}, no uncommitted changes)` : `HEAD with your uncommitted changes to ${changed2.length} file${changed2.length === 1 ? "" : "s"} (${changed2.slice(0, 3).join(", ")}${changed2.length > 3 ? ", \u2026" : ""})`;
  return `head is ${what2}, checked out in a worktree of its own at ${dir}: your checkout is not touched`;
}
function headTreeKeptLog(dir) {
  return `the head tree is kept at ${dir} (--keep-trees); remove it with \`git worktree remove --force ${dir}\``;
}

// src/report/log-text.ts
function eventText(e) {
  switch (e.kind) {
    case "plan":
      return planLog(e.plan);
    case "process-offsets":
      return processOffsetNote(e.decision) ?? "";
    case "release-gate":
      return releaseGateLog(e.release, e.previous);
    case "head-is-release":
      return headIsReleaseText(e.ref, e.release);
    case "no-release":
      return noReleaseText(e.ref, e.pattern);
    case "open-loop-rate":
      return openLoopRateLog(e.scenario, e.rate, e.share, e.baseRps);
    case "pair":
      return pairLog(e.pair, e.rows);
    case "measured-again":
      return measuredAgainLog(e.pair, disturbanceReason(e.disturbance));
    case "kept-disturbed":
      return keptDisturbedLog(e.pair, disturbanceReason(e.disturbance), e.measuredAgain, e);
    case "turns-refitted":
      return turnsRefittedLog(e.scenario, e.turns, e.planned, e.turnSec, e.extraSec);
    case "new-endpoint":
      return newEndpointLog(e.scenario, e.base);
    case "confirmation":
      return confirmationLog(e.pairs);
    case "settled":
      return settledLog(e.scenarios, e.open);
    case "time-limit":
      return timeLimitLog(e.pairs);
    case "error-output":
      return errorWithOutput(e.message, e.output);
    case "note":
      return noteText(e.note);
    case "base-checked-out":
      return baseCheckedOutLog(e.dir);
    case "keep-trees":
      return keepTreesLog(e.dir);
    case "disk-use":
      return diskUseLog(formatBytes(e.tree), e.kept, formatBytes(e.outputs), e.outputDir);
    case "nothing-to-install":
      return nothingToInstallLog(e.side);
    case "step-took":
      return stepTookLog(e.step, e.side, e.ms);
    case "setup-left":
      return setupLeftLog(e.side, e.commands);
    case "profiling-took":
      return profilingTookLog(e.seconds);
    case "not-profiled":
      return notProfiledLog(e.reason);
    case "profiling-failed":
      return profilingFailedLog(e.message);
    case "tree-not-removed":
      return `could not remove the base tree: ${e.message}`;
  }
}
function groupText(g2) {
  switch (g2.kind) {
    case "base-tree":
      return baseTreeGroup(g2.label, g2.sha);
    case "step":
      return stepGroup(g2.step, g2.side, g2.command);
    case "measuring":
      return MEASURING_GROUP;
    case "profiling":
      return PROFILING_GROUP;
  }
}
function gateLog(text2) {
  return {
    info: (e) => text2.info(eventText(e)),
    warning: (e) => text2.warning(eventText(e)),
    output: (chunk) => text2.output(chunk),
    group: (g2, body) => text2.group(groupText(g2), body)
  };
}

// src/entry/demo.ts
import { mkdtemp as mkdtemp2, rm as rm2, writeFile as writeFile2 } from "node:fs/promises";
import { tmpdir as tmpdir4 } from "node:os";
import { join as join15 } from "node:path";
var SERVER = (perRequest) => `// A seed catalogue served over plain node:http.
const http = require('node:http');

const seeds = Array.from({ length: 300 }, (_, id) => ({ id, name: 'seed-' + id, tags: ['heirloom', 'organic'], stock: id % 17 }));
const cached = JSON.stringify(seeds);

http
  .createServer((req, res) => {
    if (req.url === '/seed/v1') {
      res.setHeader('content-type', 'application/json');
${perRequest}
      return;
    }
    res.statusCode = 404;
    res.end('not found');
  })
  .listen(process.env.PORT || 3000);
`;
var BASE = SERVER("      res.end(cached);");
var HEAD = SERVER(
  "      res.end(JSON.stringify(structuredClone(seeds).sort((a, b) => a.name.localeCompare(b.name))));"
);
async function runDemo(compare3) {
  const dir = await mkdtemp2(join15(tmpdir4(), "perf-gate-demo-"));
  try {
    const commit2 = async (message2) => {
      await git(dir, ["add", "-A"]);
      await git(dir, [
        "-c",
        "user.name=demo",
        "-c",
        "user.email=demo@example.invalid",
        "commit",
        "-q",
        "-m",
        message2
      ]);
    };
    await git(dir, ["init", "-q", "-b", "main"]);
    await writeFile2(
      join15(dir, "package.json"),
      `${JSON.stringify({ name: "seed-shop", private: true, scripts: { start: "node index.js" } }, null, 2)}
`
    );
    await writeFile2(join15(dir, "index.js"), BASE);
    await commit2("seed catalogue, cached");
    await git(dir, ["checkout", "-q", "-b", "fresh-catalogue"]);
    await writeFile2(join15(dir, "index.js"), HEAD);
    await commit2("serve a freshly sorted catalogue on every request");
    process.stderr.write(
      `demo repository: ${dir} (main: cached catalogue; fresh-catalogue: rebuilt per request)
`
    );
    const report = await compare3(
      ["--base", "main", "--start", "node index.js", "--paths", "/seed/v1", "--time-budget", "3m"],
      dir
    );
    process.stdout.write(`
${renderMarkdown(report)}`);
    if (report.verdict !== "regression") {
      process.stderr.write(
        `
demo: expected the gate to flag the slower head, but the verdict is ${report.verdict}
`
      );
      return 1;
    }
    process.stderr.write(`
demo: the gate caught the regression in ${report.timing.wallSec.toFixed(0)} s
`);
    return 0;
  } finally {
    await rm2(dir, { recursive: true, force: true });
  }
}

// src/entry/inert.ts
import { randomUUID as randomUUID2 } from "node:crypto";
function untrusted(text2, token = randomUUID2()) {
  return `::stop-commands::${token}
${text2}
::${token}::`;
}
var COMMAND_LINE = /(?:^|[\r\n])[\s\u0085\u180e]*::|##\[/u;
function inert(text2) {
  return COMMAND_LINE.test(text2) ? untrusted(text2) : text2;
}

// src/entry/trusted.ts
import { posix } from "node:path";

// src/config/base-scenarios.ts
function baseBodyFiles(text2) {
  const wanted = [];
  const readFile = (path) => {
    wanted.push(path);
    return "";
  };
  try {
    parseScenarioFile(text2, { fileName: "base", readFile });
  } catch {
    return [];
  }
  return wanted;
}
function withBaseScenarios(config, baseText, readFile, environment2 = process.env) {
  let base;
  try {
    base = parseScenarioFile(baseText, { fileName: `${config.configFile} (base)`, readFile }).scenarios;
  } catch {
    return config;
  }
  const names = new Set(base.map((s) => s.name));
  const added = (config.fileScenarios ?? config.scenarios).filter((s) => !names.has(s.name)).map((s) => ({ ...s, threshold: void 0 }));
  const all = [...base, ...added];
  const expanded = expandConfig(selectShard(all, config.shard), {}, environment2);
  return {
    ...config,
    scenarios: expanded.scenarios,
    scenarioCount: all.length,
    baseScenarios: [...names],
    secrets: [.../* @__PURE__ */ new Set([...config.secrets, ...expanded.secrets])]
  };
}

// src/entry/trusted.ts
async function withTrustedPolicy(config, root, baseSha, headRef = "HEAD", environment2 = process.env) {
  const workflowChanged = await changedWorkflow(root, baseSha, headRef, environment2);
  const own = await withBaseFile(config, root, baseSha, headRef, environment2);
  return workflowChanged === void 0 ? own : { ...own, workflowChanged };
}
async function withBaseFile(config, root, baseSha, headRef, environment2) {
  const path = configPathInCommit(config, root);
  if (path === void 0) return trustedConfig(config, void 0, void 0, environment2);
  const [baseText, headText] = await Promise.all([
    fileAtCommit(root, baseSha, path),
    fileAtCommit(root, headRef, path)
  ]);
  const trusted = trustedConfig(config, baseText, headText, environment2);
  if (baseText === void 0) return trusted;
  return withBaseScenarios(trusted, baseText, await baseBodies(root, baseSha, path, baseText), environment2);
}
async function changedWorkflow(root, baseSha, headRef, environment2) {
  const repository = environment2.GITHUB_REPOSITORY?.toLowerCase();
  const ref = environment2.GITHUB_WORKFLOW_REF;
  if (!repository || !ref?.toLowerCase().startsWith(`${repository}/`)) return void 0;
  const path = ref.slice(repository.length + 1).replace(/@.*$/, "");
  if (path === "") return void 0;
  const [base, head2] = await Promise.all([
    fileAtCommit(root, baseSha, path),
    fileAtCommit(root, headRef, path)
  ]);
  return base === head2 ? void 0 : path;
}
async function baseBodies(root, sha, path, text2) {
  const bodies = /* @__PURE__ */ new Map();
  for (const relative6 of baseBodyFiles(text2)) {
    const file = posix.normalize(posix.join(posix.dirname(path), relative6));
    if (file === ".." || file.startsWith("../")) continue;
    const body = await blobAtCommit(root, sha, file);
    if (body !== void 0) bodies.set(relative6, body);
  }
  return (relative6) => {
    const body = bodies.get(relative6);
    if (body === void 0) throw new Error(`${relative6} is not in the base commit`);
    return body;
  };
}

// src/entry/commands.ts
var ACTION_ONLY = /* @__PURE__ */ new Set([
  "github-token",
  "comment",
  "mode",
  "results",
  "check-name",
  "name",
  "accept-label",
  "accept-in-description",
  "artifact-name",
  // mode history's: compare measures a pull request's kind of change, never main against its release.
  "history-branch",
  "release-tags",
  // A matrix of runners and its stages: a local run is one machine.
  "replica",
  "stage",
  "confirm"
]);
var COMPARE_FLAGS = [
  ...Object.keys(INPUT_DEFAULTS).filter((name) => !ACTION_ONLY.has(name)),
  ...MEASURE_KEYS
];
var HELP = helpText(COMPARE_FLAGS);
var inWorkflow = process.env.GITHUB_ACTIONS === "true";
var shown = (text2) => inWorkflow ? untrusted(text2) : text2;
var shownInfo = (text2) => inWorkflow ? inert(text2) : text2;
var stderrLog = {
  info: (message2) => process.stderr.write(`${shownInfo(message2)}
`),
  output: (text2) => process.stderr.write(`${shown(text2)}
`),
  // The prefix goes inside: a `::stop-commands::` line must start the line to count.
  warning: (message2) => process.stderr.write(`${shownInfo(`warning: ${message2}`)}
`),
  group: async (name, body) => {
    process.stderr.write(`${shownInfo(`\u25B8 ${name}`)}
`);
    return body();
  }
};
function parseFlags(argv) {
  const values2 = /* @__PURE__ */ new Map();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (!match || !(Object.hasOwn(INPUT_DEFAULTS, match[1]) || isMeasureKey(match[1]))) {
      throw new GateError(
        "config",
        `unknown argument \`${arg}\`. Run \`perf-gate --help\` for the accepted flags.`
      );
    }
    if (ACTION_ONLY.has(match[1])) throw new GateError("config", actionOnlyFlag(match[1]));
    const name = match[1];
    const value2 = match[2] ?? argv[++i];
    if (value2 === void 0) throw new GateError("config", `flag \`--${name}\` needs a value`);
    values2.set(name, values2.has(name) && name === "paths" ? `${values2.get(name)}
${value2}` : value2);
  }
  return new Map(Object.entries(foldMeasure(Object.fromEntries(values2))));
}
async function compare2(argv, cwd, log = stderrLog, gate = runGate) {
  const flags = parseFlags(argv);
  const root = await repositoryRoot(cwd);
  const snapshot2 = await workTreeCommit(root);
  const tree = await addWorktree(root, snapshot2.sha, "head");
  try {
    const config = parseConfig((name) => flags.get(name) ?? "", {
      outputDir: await mkdtemp3(join16(tmpdir5(), "perf-gate-")),
      readFile: repoFileReader(tree.dir)
    });
    const baseRef = config.base ?? "main";
    const sha = await ensureCommit(
      root,
      baseRef,
      config.base ? "flag `--base`" : "the default base `main`; set `--base`"
    );
    const trusted = await withTrustedPolicy(config, root, sha, snapshot2.sha);
    if (inWorkflow) process.stdout.write(maskCommands(trusted.secrets));
    const head2 = await headCommit(root);
    head2.sha = snapshot2.sha;
    if (snapshot2.changed.length > 0) head2.label = `${head2.label} (work tree)`;
    log.info(workTreeLog(head2, snapshot2.changed, tree.dir));
    const report = await gate({
      config: trusted,
      root: tree.dir,
      base: { sha, label: baseRef },
      head: head2,
      log: gateLog(log)
    });
    log.info(`report: ${reportPath(config.outputDir)}`);
    if (config.keepTrees) log.info(headTreeKeptLog(tree.dir));
    else await tree.remove();
    return report;
  } catch (error) {
    await tree.remove();
    throw error;
  }
}
function exitCode(report, failOnRegression) {
  return exitStatus(report, failOnRegression);
}
async function main(argv) {
  try {
    return await dispatch(argv);
  } catch (error) {
    if (error instanceof GateError) {
      process.stderr.write(
        // The prefix goes inside: a `::stop-commands::` line must start the line to count.
        `${shownInfo(`perf-gate: ${error.message}`)}
${error.output ? `
Last output:
${shown(error.output)}
` : ""}`
      );
      return 2;
    }
    throw error;
  }
}
function maskCommands(secrets) {
  const lines = secrets.flatMap((secret) => secret.split(/\r?\n/)).filter((line) => line.trim() !== "");
  return lines.map((line) => `::add-mask::${line}
`).join("");
}
function written(text2) {
  process.stdout.write(text2);
  return 0;
}
async function dispatch(argv) {
  const [command2, ...rest] = argv;
  if (command2 === void 0 || command2 === "--help" || command2 === "-h" || command2 === "help") {
    process.stdout.write(HELP);
    return command2 === void 0 ? 2 : 0;
  }
  const help = rest.includes("--help") || rest.includes("-h");
  if (command2 === "demo") {
    if (help) return written(demoHelp());
    if (rest.length > 0) throw new GateError("config", demoFlag(rest[0]));
    return runDemo(compare2);
  }
  if (command2 !== "compare") {
    process.stderr.write(`unknown command \`${command2}\`

${HELP}`);
    return 2;
  }
  if (help) return written(compareHelp(COMPARE_FLAGS));
  const report = await compare2(rest, process.cwd());
  const markdown = shownInfo(renderMarkdown(report));
  process.stdout.write(markdown.endsWith("\n") ? markdown : `${markdown}
`);
  if (report.error?.output) process.stderr.write(`
Last output:
${shown(report.error.output)}
`);
  return exitCode(report, report.settings.failOnRegression);
}

// src/entry/cli.ts
process.exitCode = await main(process.argv.slice(2));
