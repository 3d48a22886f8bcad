// The ownership helper: holds the session-scoped `Local\` mutex while this session owns the
// desktop. No expiry: a live owner is never displaced; a dead one's mutex is abandoned, and the
// next session takes it. acquire answers at once (busy or owned), never waits in line.
using System;
using System.Collections.Generic;
using System.Threading;

namespace XagentCu {
  public static class OwnerMain {
    static Mutex mutex;
    static bool held;

    public static int Main(string[] args) {
      string name = "Local\\xagent-computer-use";
      int i = Array.IndexOf(args, "--name");
      if (i >= 0 && i + 1 < args.Length) name = args[i + 1];
      mutex = new Mutex(false, name);
      return Helper.Run(args, delegate (string m, Dictionary<string, object> p) {
        if (m == "acquire") {
          if (held) return Helper.Obj("owned", true);
          try {
            held = mutex.WaitOne(0);
          } catch (AbandonedMutexException) {
            // The previous owner died holding it: ours now.
            held = true;
          }
          if (!held) throw new HelperException("COMPUTER_USE_BUSY", "Another xagent session is using the desktop");
          return Helper.Obj("owned", true);
        }
        if (m == "release") {
          if (held) mutex.ReleaseMutex();
          held = false;
          return Helper.Obj("owned", false);
        }
        throw new HelperException("UNKNOWN_METHOD", "owner: " + m);
      });
    }
  }
}
