// Shared by every helper: a small JSON reader and writer, the NDJSON loop on stdin/stdout (UTF-8,
// no BOM), the job object the helper joins so it dies with the worker, and the error type whose
// code reaches the model. C# 5, so the .NET Framework's own csc.exe compiles it (and Mono's mcs).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;

namespace XagentCu {
  public class HelperException : Exception {
    public readonly string Code;
    public readonly string Effect;
    public HelperException(string code, string message) : this(code, message, "none") {}
    public HelperException(string code, string message, string effect) : base(message) { Code = code; Effect = effect; }
  }

  public static class Json {
    public static object Parse(string s) { int i = 0; object v = Value(s, ref i); return v; }

    static void Ws(string s, ref int i) { while (i < s.Length && char.IsWhiteSpace(s[i])) i++; }

    static object Value(string s, ref int i) {
      Ws(s, ref i);
      if (i >= s.Length) throw new FormatException("end of input");
      char c = s[i];
      if (c == '{') {
        var d = new Dictionary<string, object>(); i++; Ws(s, ref i);
        if (s[i] == '}') { i++; return d; }
        while (true) {
          Ws(s, ref i); string k = Str(s, ref i); Ws(s, ref i);
          if (s[i++] != ':') throw new FormatException("expected :");
          d[k] = Value(s, ref i); Ws(s, ref i);
          if (s[i] == ',') { i++; continue; }
          if (s[i++] == '}') return d;
          throw new FormatException("expected , or }");
        }
      }
      if (c == '[') {
        var l = new List<object>(); i++; Ws(s, ref i);
        if (s[i] == ']') { i++; return l; }
        while (true) {
          l.Add(Value(s, ref i)); Ws(s, ref i);
          if (s[i] == ',') { i++; continue; }
          if (s[i++] == ']') return l;
          throw new FormatException("expected , or ]");
        }
      }
      if (c == '"') return Str(s, ref i);
      if (s.Substring(i).StartsWith("true")) { i += 4; return true; }
      if (s.Substring(i).StartsWith("false")) { i += 5; return false; }
      if (s.Substring(i).StartsWith("null")) { i += 4; return null; }
      int start = i;
      while (i < s.Length && "+-0123456789.eE".IndexOf(s[i]) >= 0) i++;
      return double.Parse(s.Substring(start, i - start), CultureInfo.InvariantCulture);
    }

    static string Str(string s, ref int i) {
      if (s[i++] != '"') throw new FormatException("expected a string");
      var b = new StringBuilder();
      while (s[i] != '"') {
        char c = s[i++];
        if (c != '\\') { b.Append(c); continue; }
        char e = s[i++];
        switch (e) {
          case 'n': b.Append('\n'); break;
          case 'r': b.Append('\r'); break;
          case 't': b.Append('\t'); break;
          case 'b': b.Append('\b'); break;
          case 'f': b.Append('\f'); break;
          case 'u': b.Append((char)Convert.ToInt32(s.Substring(i, 4), 16)); i += 4; break;
          default: b.Append(e); break;
        }
      }
      i++;
      return b.ToString();
    }

    public static string Write(object v) { var b = new StringBuilder(); W(b, v); return b.ToString(); }

    static void W(StringBuilder b, object v) {
      if (v == null) { b.Append("null"); return; }
      if (v is bool) { b.Append((bool)v ? "true" : "false"); return; }
      if (v is string) { Quote(b, (string)v); return; }
      if (v is int || v is long || v is double || v is float || v is uint) {
        b.Append(Convert.ToDouble(v).ToString("R", CultureInfo.InvariantCulture)); return;
      }
      var d = v as IDictionary<string, object>;
      if (d != null) {
        b.Append('{'); bool first = true;
        foreach (var kv in d) { if (!first) b.Append(','); first = false; Quote(b, kv.Key); b.Append(':'); W(b, kv.Value); }
        b.Append('}'); return;
      }
      var l = v as System.Collections.IEnumerable;
      if (l != null) {
        b.Append('['); bool first = true;
        foreach (var x in l) { if (!first) b.Append(','); first = false; W(b, x); }
        b.Append(']'); return;
      }
      Quote(b, v.ToString());
    }

    static void Quote(StringBuilder b, string s) {
      b.Append('"');
      foreach (char c in s) {
        if (c == '"') b.Append("\\\"");
        else if (c == '\\') b.Append("\\\\");
        else if (c < 0x20) b.Append("\\u").Append(((int)c).ToString("x4"));
        else b.Append(c);
      }
      b.Append('"');
    }
  }

  public delegate object Handler(string method, Dictionary<string, object> p);

  public static class Helper {
    static readonly object WriteLock = new object();
    static TextWriter Out;

    public static Dictionary<string, object> Obj(params object[] kv) {
      var d = new Dictionary<string, object>();
      for (int i = 0; i + 1 < kv.Length; i += 2) d[(string)kv[i]] = kv[i + 1];
      return d;
    }

    public static string S(Dictionary<string, object> p, string k) { object v; return p.TryGetValue(k, out v) && v is string ? (string)v : null; }
    public static double N(Dictionary<string, object> p, string k, double dflt) { object v; return p.TryGetValue(k, out v) && v is double ? (double)v : dflt; }
    public static bool B(Dictionary<string, object> p, string k) { object v; return p.TryGetValue(k, out v) && v is bool && (bool)v; }

    public static void Send(Dictionary<string, object> msg) {
      lock (WriteLock) { Out.Write(Json.Write(msg)); Out.Write("\n"); Out.Flush(); }
    }

    /** Reads requests until stdin closes (the worker went away), answering each in turn. */
    public static int Run(string[] args, Handler handle) {
      Out = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false));
      JoinJob(args);
      var input = new StreamReader(Console.OpenStandardInput(), new UTF8Encoding(false));
      Send(Obj("ev", "ready", "pid", (double)System.Diagnostics.Process.GetCurrentProcess().Id));
      string line;
      while ((line = input.ReadLine()) != null) {
        if (line.Trim().Length == 0) continue;
        object id = null;
        try {
          var req = (Dictionary<string, object>)Json.Parse(line);
          id = req["id"];
          object p;
          var prm = req.TryGetValue("p", out p) && p is Dictionary<string, object> ? (Dictionary<string, object>)p : new Dictionary<string, object>();
          Send(Obj("id", id, "ok", true, "r", handle((string)req["m"], prm)));
        } catch (HelperException e) {
          Send(Obj("id", id, "ok", false, "e", Obj("code", e.Code, "message", e.Message, "effect", e.Effect)));
        } catch (Exception e) {
          Send(Obj("id", id, "ok", false, "e", Obj("code", "NATIVE_HELPER_UNAVAILABLE", "message", e.GetType().Name + ": " + e.Message, "effect", "unknown")));
        }
      }
      return 0;
    }

    [DllImport("kernel32.dll", CharSet = CharSet.Unicode)] static extern IntPtr OpenJobObject(uint access, bool inherit, string name);
    [DllImport("kernel32.dll")] static extern bool AssignProcessToJobObject(IntPtr job, IntPtr process);
    [DllImport("kernel32.dll")] static extern IntPtr GetCurrentProcess();

    /** `--job <name>`: join the worker's kill-on-close job (Job.cs holds it), so this helper cannot outlive it. */
    static void JoinJob(string[] args) {
      int i = Array.IndexOf(args, "--job");
      if (i < 0 || i + 1 >= args.Length) return;
      IntPtr job = OpenJobObject(0x1F001F, false, args[i + 1]);
      if (job == IntPtr.Zero || !AssignProcessToJobObject(job, GetCurrentProcess()))
        Console.Error.WriteLine("could not join job " + args[i + 1] + ": " + Marshal.GetLastWin32Error());
    }
  }
}
