// The UIA helper (Windows only: UIAutomationClient/UIAutomationTypes, WPF's assemblies, which
// Mono lacks): element trees, find, element info (passwords redacted), invoke, set value and
// focus, on an MTA thread ([MTAThread] Main; the requests run there in turn). Element IDs are
// UIA runtime IDs, bound to their window by the worker; a missing one is TARGET_NOT_FOUND.
using System;
using System.Collections.Generic;
using System.Windows.Automation;

namespace XagentCu {
  public static class UiaMain {
    static AutomationElement Window(Dictionary<string, object> p) {
      try {
        return AutomationElement.FromHandle(new IntPtr((long)Helper.N(p, "hwnd", 0)));
      } catch (ElementNotAvailableException) {
        throw new HelperException("TARGET_NOT_FOUND", "The window is gone");
      }
    }
    static string Rid(AutomationElement e) { return string.Join("-", Array.ConvertAll(e.GetRuntimeId(), delegate (int i) { return i.ToString(); })); }
    static AutomationElement ById(Dictionary<string, object> p) {
      string rid = Helper.S(p, "runtimeId") ?? "";
      int[] ids = Array.ConvertAll(rid.Split('-'), int.Parse);
      var found = Window(p).FindFirst(TreeScope.Subtree, new PropertyCondition(AutomationElement.RuntimeIdProperty, ids));
      if (found == null) throw new HelperException("TARGET_NOT_FOUND", "The element is no longer in the window: observe again");
      return found;
    }
    static List<object> Bounds(AutomationElement e) {
      var r = e.Current.BoundingRectangle;
      return r.IsEmpty ? new List<object>() : new List<object> { r.Left, r.Top, r.Right, r.Bottom };
    }
    static object ValueOf(AutomationElement e) {
      if (e.Current.IsPassword) return "[redacted]";
      object vp;
      return e.TryGetCurrentPattern(ValuePattern.Pattern, out vp) ? ((ValuePattern)vp).Current.Value : null;
    }
    static Dictionary<string, object> Node(AutomationElement e) {
      return Helper.Obj("runtimeId", Rid(e), "role", e.Current.ControlType.ProgrammaticName.Replace("ControlType.", "").ToLowerInvariant(),
        "name", e.Current.Name, "automationId", e.Current.AutomationId, "value", ValueOf(e), "bounds", Bounds(e),
        "enabled", e.Current.IsEnabled, "focused", e.Current.HasKeyboardFocus, "offscreen", e.Current.IsOffscreen);
    }

    static object Tree(Dictionary<string, object> p) {
      var root = p.ContainsKey("runtimeId") ? ById(p) : Window(p);
      int depth = (int)Helper.N(p, "depth", 12), max = (int)Helper.N(p, "maxNodes", 400), count = 0;
      bool truncated = false;
      var walker = TreeWalker.ControlViewWalker;
      Func<AutomationElement, int, Dictionary<string, object>> walk = null;
      walk = delegate (AutomationElement e, int d) {
        var n = Node(e); count++;
        var kids = new List<object>();
        if (d < depth)
          for (var c = walker.GetFirstChild(e); c != null; c = walker.GetNextSibling(c)) {
            if (count >= max) { truncated = true; break; }
            kids.Add(walk(c, d + 1));
          }
        else if (walker.GetFirstChild(e) != null) truncated = true;
        n["children"] = kids;
        return n;
      };
      var tree = walk(root, 0);
      return Helper.Obj("tree", tree, "truncated", truncated, "count", (double)count);
    }

    static object Find(Dictionary<string, object> p) {
      var conds = new List<Condition>();
      if (Helper.S(p, "name") != null) conds.Add(new PropertyCondition(AutomationElement.NameProperty, Helper.S(p, "name")));
      if (Helper.S(p, "automationId") != null) conds.Add(new PropertyCondition(AutomationElement.AutomationIdProperty, Helper.S(p, "automationId")));
      Condition c = conds.Count == 0 ? Condition.TrueCondition : conds.Count == 1 ? conds[0] : new AndCondition(conds.ToArray());
      var list = new List<object>();
      string role = Helper.S(p, "role"), text = Helper.S(p, "text");
      foreach (AutomationElement e in Window(p).FindAll(TreeScope.Descendants, c)) {
        if (list.Count >= 100) break;
        var n = Node(e);
        if (role != null && (string)n["role"] != role.ToLowerInvariant()) continue;
        if (text != null && !(e.Current.Name ?? "").Contains(text)) continue;
        list.Add(n);
      }
      return Helper.Obj("elements", list);
    }

    static object Act(string m, Dictionary<string, object> p) {
      var e = ById(p);
      object pat;
      if (m == "focus") e.SetFocus();
      else if (m == "invoke") {
        if (e.TryGetCurrentPattern(InvokePattern.Pattern, out pat)) ((InvokePattern)pat).Invoke();
        else if (e.TryGetCurrentPattern(TogglePattern.Pattern, out pat)) ((TogglePattern)pat).Toggle();
        else if (e.TryGetCurrentPattern(SelectionItemPattern.Pattern, out pat)) ((SelectionItemPattern)pat).Select();
        else throw new HelperException("UNSUPPORTED_ROUTE", "The element has no Invoke, Toggle or SelectionItem pattern: click it instead");
      } else if (m == "set_value") {
        if (!e.TryGetCurrentPattern(ValuePattern.Pattern, out pat)) throw new HelperException("UNSUPPORTED_ROUTE", "The element has no Value pattern: type into it instead");
        ((ValuePattern)pat).SetValue(Helper.S(p, "value") ?? "");
      }
      return Helper.Obj("sent", true, "element", Node(e));
    }

    [MTAThread]
    public static int Main(string[] args) {
      return Helper.Run(args, delegate (string m, Dictionary<string, object> p) {
        if (m == "tree") return Tree(p);
        if (m == "find") return Find(p);
        if (m == "info") return Node(ById(p));
        if (m == "focus" || m == "invoke" || m == "set_value") return Act(m, p);
        throw new HelperException("UNKNOWN_METHOD", "uia: " + m);
      });
    }
  }
}
