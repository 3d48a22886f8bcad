// The job holder: creates a named job object with kill-on-close and keeps its only handle until
// its stdin closes (the worker exited or was killed). Every other helper joins the job at start,
// so when this process ends, for whatever reason, Windows ends them all.
using System;
using System.Runtime.InteropServices;

namespace XagentCu {
  public static class JobMain {
    [StructLayout(LayoutKind.Sequential)]
    struct BasicLimit { public long PerProcessTime, PerJobTime; public uint Flags; public UIntPtr MinWs, MaxWs; public uint ActiveProcessLimit; public UIntPtr Affinity; public uint Priority, SchedulingClass; }
    [StructLayout(LayoutKind.Sequential)]
    struct IoCounters { public ulong R, W, O, RB, WB, OB; }
    [StructLayout(LayoutKind.Sequential)]
    struct ExtendedLimit { public BasicLimit Basic; public IoCounters Io; public UIntPtr ProcessMemory, JobMemory, PeakProcess, PeakJob; }

    [DllImport("kernel32.dll", CharSet = CharSet.Unicode, SetLastError = true)] static extern IntPtr CreateJobObject(IntPtr attrs, string name);
    [DllImport("kernel32.dll", SetLastError = true)] static extern bool SetInformationJobObject(IntPtr job, int cls, ref ExtendedLimit info, int size);

    const uint KILL_ON_JOB_CLOSE = 0x2000;

    public static int Main(string[] args) {
      if (args.Length < 1) { Console.Error.WriteLine("usage: job <name>"); return 2; }
      IntPtr job = CreateJobObject(IntPtr.Zero, args[0]);
      if (job == IntPtr.Zero) { Console.Error.WriteLine("CreateJobObject failed: " + Marshal.GetLastWin32Error()); return 1; }
      var info = new ExtendedLimit();
      info.Basic.Flags = KILL_ON_JOB_CLOSE;
      if (!SetInformationJobObject(job, 9, ref info, Marshal.SizeOf(typeof(ExtendedLimit)))) {
        Console.Error.WriteLine("SetInformationJobObject failed: " + Marshal.GetLastWin32Error());
        return 1;
      }
      Console.Out.WriteLine("{\"ev\":\"ready\",\"job\":\"" + args[0] + "\"}");
      Console.Out.Flush();
      // Hold the handle until the worker's end closes our stdin.
      while (Console.In.ReadLine() != null) {}
      return 0;
    }
  }
}
