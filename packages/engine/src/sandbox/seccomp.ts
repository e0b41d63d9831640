// A seccomp filter for sandboxed jobs, assembled here as classic BPF so no native package is needed
// (bubblewrap's `--seccomp FD` loads the raw program). It refuses system calls a build never needs and
// that widen what a process can reach: file handles (the open_by_handle_at escape), mounts, kernel
// modules, keyrings, bpf, perf, ptrace, io_uring and clock changes. x86_64 only: on other machines the
// sandbox runs without this filter and still relies on namespaces and dropped capabilities.
import { arch } from 'node:os';

const X86_64_DENIED = {
  ptrace: 101,
  syslog: 103,
  uselib: 134,
  vhangup: 153,
  pivot_root: 155,
  adjtimex: 159,
  acct: 163,
  settimeofday: 164,
  mount: 165,
  umount2: 166,
  swapon: 167,
  swapoff: 168,
  reboot: 169,
  iopl: 172,
  ioperm: 173,
  init_module: 175,
  delete_module: 176,
  quotactl: 179,
  nfsservctl: 180,
  lookup_dcookie: 212,
  clock_settime: 227,
  kexec_load: 246,
  add_key: 248,
  request_key: 249,
  keyctl: 250,
  move_pages: 279,
  perf_event_open: 298,
  name_to_handle_at: 303,
  open_by_handle_at: 304,
  clock_adjtime: 305,
  setns: 308,
  process_vm_readv: 310,
  process_vm_writev: 311,
  kcmp: 312,
  finit_module: 313,
  kexec_file_load: 320,
  bpf: 321,
  userfaultfd: 323,
  io_uring_setup: 425,
  io_uring_enter: 426,
  io_uring_register: 427,
  open_tree: 428,
  move_mount: 429,
  fsopen: 430,
  fsconfig: 431,
  fsmount: 432,
  fspick: 433,
  mount_setattr: 442,
};

const AUDIT_ARCH_X86_64 = 0xc000003e;
const X32_SYSCALL_BIT = 0x40000000;
const RET_KILL_PROCESS = 0x80000000;
const RET_ERRNO_EPERM = 0x00050000 | 1;
const RET_ALLOW = 0x7fff0000;
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const RET_K = 0x06;

/** The compiled filter, or null where this machine's architecture has no table here. */
export function seccompProgram(): Buffer | null {
  if (arch() !== 'x64') return null;
  const numbers = Object.values(X86_64_DENIED);
  const program: [number, number, number, number][] = [
    [LD_W_ABS, 0, 0, 4], // seccomp_data.arch
    [JEQ_K, 1, 0, AUDIT_ARCH_X86_64],
    [RET_K, 0, 0, RET_KILL_PROCESS], // 32-bit entry points would bypass the table below
    [LD_W_ABS, 0, 0, 0], // seccomp_data.nr
  ];
  const deny = 4 + 1 + numbers.length + 1;
  program.push([JGE_K, deny - 5, 0, X32_SYSCALL_BIT]);
  for (const nr of numbers) program.push([JEQ_K, deny - (program.length + 1), 0, nr]);
  program.push([RET_K, 0, 0, RET_ALLOW], [RET_K, 0, 0, RET_ERRNO_EPERM]);
  const out = Buffer.alloc(program.length * 8);
  program.forEach(([code, jt, jf, k], i) => {
    out.writeUInt16LE(code, i * 8);
    out.writeUInt8(jt, i * 8 + 2);
    out.writeUInt8(jf, i * 8 + 3);
    out.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return out;
}
