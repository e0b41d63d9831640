// The `nimbus` command tree. Global options (--api) are accepted before or after the command name;
// every command and group has --help.
import { Command } from 'commander';
import { registerDeploy } from './deploy';
import { registerDeployments } from './deployments';
import { registerEnv } from './env';
import { registerLogin } from './login';
import { VERSION } from './package-info';
import { registerProjects } from './projects';
import { DEFAULT_API } from './session';
import { registerStart } from './start';
import { registerTeams } from './teams';
import { registerUpgrade } from './upgrade';

export function createProgram(): Command {
  const program = new Command('nimbus')
    .description('Deploy folders to Nimbus and manage deployments, projects, environment variables and teams.')
    .version(VERSION, '-v, --version')
    .option('--api <url>', `the Nimbus server (default: the one you logged in to, else ${DEFAULT_API})`)
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      '\nEnvironment:\n  NIMBUS_TOKEN       token to use instead of the stored one (CI)\n  NIMBUS_CONFIG_DIR  where the login is stored (default ~/.config/nimbus)\n\nRun `nimbus <command> --help` for the options of one command.',
    );
  registerLogin(program);
  registerDeploy(program);
  registerDeployments(program);
  registerProjects(program);
  registerEnv(program);
  registerTeams(program);
  registerStart(program);
  registerUpgrade(program);
  return program;
}
