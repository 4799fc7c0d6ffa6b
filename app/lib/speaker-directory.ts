import { speakerDirectoryPath, type SpeakerDirectory } from "../../content/speaker-directory";
import { renderedFile } from "./rendered-file";

/**
 * The speakers' directory (content/speaker-directory.ts), a file the build writes: /speakers prerenders its list
 * from it and hydrates from it, and its data does not carry it a second time (decision 087).
 */
export const speakerDirectoryFile = renderedFile<SpeakerDirectory>(speakerDirectoryPath);
