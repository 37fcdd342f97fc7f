import { statSync } from "node:fs";
import { resolve } from "node:path";
import { defineFunction, FunctionArgumentError } from "@tfkit/provider";
import { t } from "@tfkit/schema";

/**
 * `provider::local::direxists(path)`: whether a directory exists at the path; an error when the
 * path is something else (a file, or a symbolic link to one).
 * @category models
 */
export const direxists = defineFunction({
  name: "direxists",
  summary: "Determines whether a directory exists at a given path.",
  description:
    "Given a path string, will return true if the directory exists. " +
    "This function works only with directories. If used with a file, the function will return an error.\n\n" +
    "This function behaves similar to the built-in [`fileexists`](https://developer.hashicorp.com/terraform/language/functions/fileexists) function, " +
    "however, `direxists` will not replace filesystem paths including `~` with the current user's home directory path. This functionality can be achieved by using the built-in " +
    "[`pathexpand`](https://developer.hashicorp.com/terraform/language/functions/pathexpand) function with `direxists`, see example below.",
  parameters: [
    {
      name: "path",
      type: t.string,
      description: "Relative or absolute path to check for the existence of a directory",
    },
  ],
  returns: t.bool,
  run: ([path]) => {
    let isDirectory: boolean;
    try {
      // resolve() makes it absolute against the working directory and cleans it, as
      // filepath.Abs and filepath.Clean do; statSync follows symbolic links as os.Stat does.
      isDirectory = statSync(resolve(path)).isDirectory();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw new FunctionArgumentError(0, `Error checking for directory: ${(error as Error).message}`);
    }
    if (isDirectory) return true;
    throw new FunctionArgumentError(
      0,
      `Invalid file mode detected: "${path}" was found, but is not a directory`,
    );
  },
});
